import type { InstalledBase } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { InstalledBaseCard } from './installed-base-card';

setUpEachTest({ namespaces: ['system'] });

const search = (testId: string, value: string) => {
  const box = within(screen.getByTestId(testId)).getByRole('searchbox');
  fireEvent.change(box, { target: { value } });
  fireEvent.click(within(screen.getByTestId(testId)).getAllByRole('button').at(-1) as HTMLElement);
};

/** Issue 42 §2: no green 0 that means "not computed". */
describe('InstalledBaseCard exposure', () => {
  it('lists every PCIe card per part number, and says when a CVE does not concern the kind', async () => {
    const answers: Record<string, InstalledBase> = {
      PCIE: {
        versions: [
          { pn: 'PN-NIC-A', version: '22.0', servers: 2, customers: 1 },
          { pn: 'PN-RAID-B', version: '5.0', servers: 2, customers: 2 },
        ],
        servers: 3,
        exposed: { status: 'counted', servers: 1, customers: 1 },
      },
      BMC: {
        versions: [{ pn: null, version: '3.0.0', servers: 3, customers: 2 }],
        servers: 3,
        exposed: { status: 'notConcerned', kinds: ['PN-NIC-A'] },
      },
    };
    stubFetch({
      '/api/staff/fleet/installed-base': (url) => {
        const kind = url.searchParams.get('kind') ?? 'BMC';
        const answer = answers[kind] as InstalledBase;
        if (url.searchParams.get('cve') === 'CVE-2026-99999')
          return okResponse({ ...answer, exposed: { status: 'noAdvisory' } });
        return okResponse({ ...answer, exposed: url.searchParams.get('cve') ? answer.exposed : null });
      },
    });
    renderWithProviders(<InstalledBaseCard />, { path: '/' });
    const table = await screen.findByTestId('installed-base-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1));

    search('installed-base-cve', 'CVE-2026-20417');
    const notConcerned = await screen.findByTestId('installed-base-exposed');
    expect(notConcerned.textContent).toBe(
      'CVE-2026-20417 does not concern BMC firmware: its advisories name PN-NIC-A',
    );
    expect(notConcerned.className).not.toContain('success');

    fireEvent.mouseDown(within(screen.getByTestId('installed-base-kind')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('PCIe card'));
    await waitFor(() =>
      expect([...table.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.textContent)).toEqual([
        'PN-NIC-A22.021',
        'PN-RAID-B5.022',
      ]),
    );
    expect(within(table).getByRole('columnheader', { name: 'Part number' })).toBeTruthy();
    expect(screen.getByTestId('installed-base-total').textContent).toBe('3 servers in all');
    const exposed = screen.getByTestId('installed-base-exposed');
    expect(exposed.textContent).toMatch(/1 server of 1 customer/);
    expect(exposed.className).toContain('warning');

    search('installed-base-cve', 'CVE-2026-99999');
    await waitFor(() =>
      expect(screen.getByTestId('installed-base-exposed').textContent).toBe(
        'No published advisory names CVE-2026-99999: there is no exposure to count',
      ),
    );
  });
});
