import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppPills } from './app-pills';

const apps = [
  { code: 'mirror', name: 'Mirror', active: true },
  { code: 'system', name: 'System', active: false },
];

describe('AppPills', () => {
  it('lists the applications and marks the active one in the primary colour', () => {
    render(<AppPills apps={apps} activeLabel="current" emptyText="none" testId="apps" />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Mirror · current', 'System']);
    expect(screen.getByText('Mirror · current').className).toMatch(/primary/);
    expect(screen.getByText('System').className).toMatch(/default/);
    expect(screen.getByTestId('apps').tagName).toBe('UL');
  });

  it('says why there is nothing to list when there is no application', () => {
    render(<AppPills apps={[]} activeLabel="current" emptyText="No applications" testId="apps" />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No applications').tagName).toBe('P');
  });
});
