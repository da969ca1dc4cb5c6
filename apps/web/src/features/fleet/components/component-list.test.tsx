import type { ComponentCompliance } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildComponent } from '../test-data';
import { ComponentList } from './component-list';

setUpEachTest({ namespaces: ['fleet'] });

describe('ComponentList', () => {
  it('numbers only the due steps, 1..n, in install order, skipping components with nothing to do', () => {
    const current = (component: string, kind: ComponentCompliance['kind']) =>
      buildComponent({ component, kind, state: 'current', behind: 0, installed: '1.0.0' });
    renderWithProviders(
      <ComponentList
        components={[
          buildComponent({ component: 'BMC', kind: 'BMC' }),
          current('BIOS', 'BIOS'),
          current('CPLD', 'CPLD'),
          buildComponent({ component: 'PSU', kind: 'PSU', state: 'unknown', installed: null, behind: 0 }),
          current('DISK', 'DISK'),
          current('NIC', 'NIC'),
          buildComponent({ component: 'PCIE:PN-NIC', kind: 'PCIE', pn: 'PN-NIC', state: 'vulnerable' }),
          buildComponent({ component: 'PCIE:PN-RAID', kind: 'PCIE', pn: 'PN-RAID' }),
        ]}
      />,
      { path: '/' },
    );
    const steps = screen
      .getAllByTestId('component-update-needs')
      .map((needs) => within(needs).getByText(/^Step /).textContent);
    expect(steps).toEqual(['Step 1', 'Step 2', 'Step 3']);
  });
});
