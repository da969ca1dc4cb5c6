import { ErrorCode } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { AdvisoriesPage } from './advisories-page';
import { buildAdvisoryDetail, buildAdvisoryRow } from './test-data';

setUpEachTest({ namespaces: ['advisories'] });

const ROWS = [
  buildAdvisoryRow({ affectsMine: true }),
  buildAdvisoryRow({
    advisoryId: 'PFW-2026-0002',
    title: 'NIC firmware leaks memory contents',
    severity: 'MEDIUM',
    baseScore: 5.3,
    products: ['NIC-X710'],
    affectsMine: false,
  }),
];

function openPage(url: string) {
  return renderWithProviders(<AdvisoriesPage title="Security advisories" />, {
    path: '/security/advisories/*',
    initialEntry: url,
  });
}

/** A wide window: every min-width media query matches (the setup's stub matches none). */
function onDesktop() {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = vi.fn((query: string) => ({
      ...original(query),
      matches: query.includes('min-width'),
    }));
  });
  afterEach(() => {
    window.matchMedia = original;
  });
}

describe('AdvisoriesPage (list)', () => {
  onDesktop();

  it('lists advisories with severity words, scores and formatted dates', async () => {
    stubFetch({
      '/api/advisories': () => okResponse({ rows: ROWS, totalRows: 2, pageNo: 1 }),
      '/api/catalog/models': () => okResponse([{ id: 1, code: 'M7-2U', family: 'M7', name: 'M7 2U' }]),
    });
    openPage('/security/advisories');
    const table = await screen.findByTestId('advisory-table');
    const first = await within(table).findByTestId('advisory-link-PFW-2026-0001');
    expect(first.getAttribute('href')).toBe('/security/advisories/PFW-2026-0001');
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows[0]?.textContent).toContain('Critical');
    expect(rows[0]?.textContent).toContain('9.8');
    expect(rows[0]?.textContent).toContain('Affects my servers');
    expect(rows[0]?.textContent).toContain('2026-03-02');
    expect(rows[0]?.textContent).not.toContain('T08:00');
    expect(rows[1]?.textContent).toContain('Medium');
    expect(rows[1]?.textContent).not.toContain('MEDIUM');
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    // The models list names each model's id: the product filter is offered.
    expect(await screen.findByTestId('advisory-model')).toBeTruthy();
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const fetchStub = stubFetch({
      '/api/advisories': () => okResponse({ rows: ROWS, totalRows: 2, pageNo: 1 }),
      '/api/catalog/models': () => okResponse([]),
    });
    const { router } = openPage('/security/advisories?severity=CRITICAL&mine=1&keyword=bmc');
    await screen.findByTestId('advisory-link-PFW-2026-0001');
    const asked = new URL(String(fetchStub.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      severity: 'CRITICAL',
      mine: '1',
      keyword: 'bmc',
    });

    fireEvent.click(screen.getByTestId('advisory-mine'));
    expect(router.state.location.search).toBe('?severity=CRITICAL&keyword=bmc');
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    stubFetch({
      '/api/advisories': () => envelopeResponse({ code: 1016002, message: 'Advisories are offline' }, 500),
      '/api/catalog/models': () => okResponse([]),
    });
    openPage('/security/advisories');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The security advisories could not be loaded');
    expect(alert.textContent).toContain('Advisories are offline');
  });
});

describe('AdvisoriesPage (one advisory)', () => {
  it('shows every part of the advisory below the list path', async () => {
    const fetchStub = stubFetch({
      '/api/advisories/PFW-2026-0001': () =>
        okResponse(buildAdvisoryDetail({ myServers: [{ sn: 'SN-0001', model: 'M7-2U' }] })),
    });
    openPage('/security/advisories/PFW-2026-0001');
    const detail = await screen.findByTestId('advisory-detail');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(within(detail).getByTestId('advisory-title').textContent).toBe(
      'BMC web interface allows remote code execution',
    );
    expect(within(detail).getByTestId('advisory-tlp').textContent).toBe('TLP:WHITE (public)');
    const cves = within(detail).getByTestId('advisory-cves');
    expect(cves.textContent).toContain('CWE-787');
    expect(cves.textContent).toContain('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
    expect(cves.textContent).toContain('Critical 9.8');
    const products = within(detail).getByTestId('advisory-products');
    expect(products.textContent).toContain('3.0.0 up to but not including 3.2.1');
    expect(products.textContent).toContain('Every version before 2.9.0');
    const fixed = within(within(detail).getByTestId('advisory-fixed-versions')).getByRole('link');
    expect(fixed.textContent).toBe('M7 BMC firmware 3.2.1');
    expect(fixed.getAttribute('href')).toBe('/mirror/custmirrordownload?version=42');
    expect(within(detail).getByTestId('advisory-my-servers').textContent).toContain('SN-0001');
    expect(within(detail).getByTestId('advisory-workarounds').textContent).toContain('Restrict access');
    expect(within(detail).getByTestId('advisory-acknowledgments').textContent).toContain(
      'Ada Lovelace (Analytical Engines)',
    );
    expect(within(detail).getByRole('link', { name: 'Vendor note' }).getAttribute('href')).toBe(
      'https://example.com/psirt',
    );
    expect(within(detail).getByTestId('advisory-history').textContent).toContain('Initial release');
    expect(within(detail).getByTestId('advisory-csaf-json').getAttribute('href')).toBe(
      '/.well-known/csaf/white/2026/pfw-2026-0001.json',
    );
    expect(within(detail).getByRole('link', { name: 'SHA-512 checksum' })).toBeTruthy();
  });

  it('says so when the advisory is unknown or not visible yet', async () => {
    stubFetch({
      '/api/advisories/PFW-2026-0003': () =>
        envelopeResponse({ code: ErrorCode.ADVISORY_NOT_FOUND, message: 'Advisory not found' }, 404),
    });
    openPage('/security/advisories/pfw-2026-0003');
    const notFound = await screen.findByTestId('advisory-not-found');
    expect(notFound.textContent).toContain('was not found');
    // Signed in (the console's page): not told to sign in.
    expect(notFound.textContent).toContain('not shared with your organisation');
    expect(notFound.textContent).not.toContain('sign in');
  });
});
