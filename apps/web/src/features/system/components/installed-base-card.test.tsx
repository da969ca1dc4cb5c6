import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { InstalledBaseCard } from './installed-base-card';

setUpEachTest({ namespaces: ['system'] });

describe('InstalledBaseCard', () => {
  it('counts servers per version of a kind, and with a CVE says who is exposed', async () => {
    const asked: Record<string, string>[] = [];
    stubFetch({
      '/api/staff/fleet/installed-base': (url) => {
        const query = Object.fromEntries(url.searchParams);
        asked.push(query);
        return okResponse({
          versions: [
            { pn: null, version: '3.2.0', servers: 1200, customers: 14 },
            { pn: null, version: '3.1.0', servers: 40, customers: 3 },
          ],
          servers: 1240,
          exposed: query.cve ? { status: 'counted', servers: 40, customers: 3 } : null,
        });
      },
    });
    renderWithProviders(<InstalledBaseCard />, { path: '/' });
    const table = await screen.findByTestId('installed-base-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2));
    expect(table.querySelector('tbody tr')?.textContent).toBe('3.2.01,20014');
    expect(screen.getByTestId('installed-base-total').textContent).toBe('1,240 servers in all');
    expect(asked[0]).toMatchObject({ kind: 'BMC' });
    expect(screen.queryByTestId('installed-base-exposed')).toBeNull();

    const model = within(screen.getByTestId('installed-base-product')).getByRole('searchbox');
    fireEvent.change(model, { target: { value: 'M7-2U' } });
    fireEvent.keyDown(model, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const cve = within(screen.getByTestId('installed-base-cve')).getByRole('searchbox');
    fireEvent.change(cve, { target: { value: 'CVE-2026-10001' } });
    fireEvent.keyDown(cve, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByTestId('installed-base-exposed')).textContent).toBe(
      'CVE-2026-10001: 40 servers of 3 customers run an affected version',
    );
    expect(asked.at(-1)).toMatchObject({ kind: 'BMC', model: 'M7-2U', cve: 'CVE-2026-10001' });
  });
});
