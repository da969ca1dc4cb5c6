import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { resetWindowWidth, setWindowWidth } from '@/test/window-width';
import { StaffFleetPage } from './staff-fleet-page';
import { buildFleetPage, buildServerDetail, buildServerRow } from './test-data';

setUpEachTest({ namespaces: ['fleet'] });

const ORGS = [
  { id: 7, name: 'Acme Fleet', members: 2, servers: 12, vulnerable: 1, under_investigation: 0, outdated: 3 },
  { id: 9, name: 'Rival Co', members: 1, servers: 0, vulnerable: 0, under_investigation: 0, outdated: 0 },
];

function openPage(url: string) {
  return renderWithProviders(<StaffFleetPage title="Customer fleets" />, {
    path: '/system/fleet/*',
    initialEntry: url,
  });
}

describe('StaffFleetPage', () => {
  // A desktop window unless a test says otherwise (jsdom's media queries match nothing: a phone).
  beforeEach(() => setWindowWidth(1440));
  afterEach(() => resetWindowWidth(1024));

  it('lists the organisations with their accounts and servers, each opening its fleet', async () => {
    stubFetch({ '/api/staff/fleet/orgs': () => okResponse(ORGS) });
    openPage('/system/fleet');
    const table = await screen.findByTestId('staff-fleet-orgs');
    const link = await within(table).findByTestId('org-link-7');
    expect(link.getAttribute('href')).toBe('/system/fleet/7');
    expect(table.textContent).toContain('Rival Co');
    expect(table.querySelectorAll('tbody tr.ant-table-row')[0]?.textContent).toBe('Acme Fleet212103');
  });

  it("shows each organisation's vulnerable, under investigation and outdated servers, vulnerable first, sortable", async () => {
    stubFetch({
      '/api/staff/fleet/orgs': () =>
        okResponse([
          {
            id: 1,
            name: 'Alpha',
            members: 1,
            servers: 9,
            vulnerable: 0,
            under_investigation: 0,
            outdated: 5,
          },
          { id: 2, name: 'Beta', members: 1, servers: 4, vulnerable: 2, under_investigation: 0, outdated: 0 },
          {
            id: 3,
            name: 'Gamma',
            members: 1,
            servers: 6,
            vulnerable: 1,
            under_investigation: 2,
            outdated: 1,
          },
        ]),
    });
    openPage('/system/fleet');
    const table = await screen.findByTestId('staff-fleet-orgs');
    const names = () =>
      [...table.querySelectorAll('tbody tr.ant-table-row td:first-child')].map((cell) => cell.textContent);
    await waitFor(() => expect(names()).toEqual(['Beta', 'Gamma', 'Alpha']));
    const vulnerable = within(table).getByRole('columnheader', { name: /Vulnerable/ });
    expect(vulnerable.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(table).getByRole('columnheader', { name: /Outdated/ }));
    // antd sorts ascending on the first click, descending on the second.
    fireEvent.click(within(table).getByRole('columnheader', { name: /Outdated/ }));
    expect(names()).toEqual(['Alpha', 'Gamma', 'Beta']);
    // Servers under investigation have a column of their own (issue 43 §2).
    fireEvent.click(within(table).getByRole('columnheader', { name: /Under investigation/ }));
    fireEvent.click(within(table).getByRole('columnheader', { name: /Under investigation/ }));
    expect(names()[0]).toBe('Gamma');
  });

  it('on a phone, shows the three counts in one column, each named, the most vulnerable first', async () => {
    setWindowWidth(390);
    stubFetch({ '/api/staff/fleet/orgs': () => okResponse([...ORGS].reverse()) });
    openPage('/system/fleet');
    const table = await screen.findByTestId('staff-fleet-orgs');
    await within(table).findByTestId('org-link-7');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Customer organisation', 'Servers by state']);
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows[0]?.textContent).toContain('Acme Fleet');
    expect(within(table).getByTestId('org-7-vulnerable').textContent).toBe('Vulnerable 1');
    expect(within(table).getByTestId('org-7-under_investigation').textContent).toBe('Under investigation 0');
    expect(within(table).getByTestId('org-7-outdated').textContent).toBe('Outdated 3');
  });

  it("shows an organisation's servers from the staff API, read only, with links below its address", async () => {
    const fetchStub = stubFetch({
      '/api/staff/fleet/orgs/7/servers': () => okResponse(buildFleetPage([buildServerRow()])),
      '/api/staff/fleet/orgs': () => okResponse(ORGS),
    });
    openPage('/system/fleet/7?state=outdated');
    const link = await screen.findByTestId('server-link-SN-0001');
    expect(link.getAttribute('href')).toBe('/system/fleet/7/SN-0001');
    await waitFor(() => expect(screen.getByText('Servers of Acme Fleet')).toBeTruthy());
    const asked = fetchStub.mock.calls.map(([url]) => String(url));
    expect(
      asked.some((url) => url.includes('/api/staff/fleet/orgs/7/servers?') && url.includes('state=outdated')),
    ).toBe(true);
    // Staff read: no upload, baselines, selection or bundle in the customer's name.
    expect(screen.queryByTestId('fleet-upload')).toBeNull();
    expect(screen.queryByTestId('fleet-baselines')).toBeNull();
    expect(screen.queryByTestId('fleet-bundle')).toBeNull();
    expect(screen.getByTestId('fleet-export')).toBeTruthy();
  });

  it("opens one of the organisation's servers", async () => {
    stubFetch({
      '/api/staff/fleet/orgs/7/servers/SN-0001': () => okResponse(buildServerDetail()),
      '/api/staff/fleet/orgs': () => okResponse(ORGS),
    });
    openPage('/system/fleet/7/SN-0001');
    await screen.findByTestId('server-detail');
    expect(screen.queryByTestId('server-bundle')).toBeNull();
    expect(screen.getByText("Back to the organisation's servers").closest('a')?.getAttribute('href')).toBe(
      '/system/fleet/7',
    );
  });
});
