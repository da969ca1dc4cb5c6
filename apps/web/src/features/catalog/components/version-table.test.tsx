import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pagedRoute, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildVersionRow } from '../test-data';
import { type VersionFilters, VersionTable } from './version-table';

const TOTAL = 23;
const ALL_ROWS = Array.from({ length: TOTAL }, (_, i) => buildVersionRow({ versionId: TOTAL - i }));

function stubVersionsApi(path = '/api/catalog/versions') {
  return stubFetch({ [path]: pagedRoute(ALL_ROWS) });
}

/** The query of each list request, without the language every call carries. */
const requests = (fetchStub: ReturnType<typeof stubFetch>) =>
  fetchStub.mock.calls.map(([input]) => {
    const params = new URL(String(input), 'http://localhost').searchParams;
    params.delete('locale');
    return params.toString();
  });

const table = () => screen.getByTestId('version-table');
const header = (title: string) => table().querySelector(`th[aria-label="${title}"]`) as Element;
const bodyRows = () => Array.from(table().querySelectorAll('tbody tr.ant-table-row'));

/** The table under filters the test can change, as a page's filter bar does. */
function WithFilters({ onOpen }: { onOpen?: () => void }) {
  const [filters, setFilters] = useState<VersionFilters>({ kind: ['BMC', 'BIOS'], model: 'M7' });
  return (
    <>
      <button type="button" onClick={() => setFilters({ kind: ['BMC'], model: 'M7', q: 'cve-2026' })}>
        narrow
      </button>
      <VersionTable filters={filters} columns={['severity', 'models', 'downloads']} onOpen={onOpen} />
    </>
  );
}

setUpEachTest({ namespaces: ['catalog'] });

describe('VersionTable', () => {
  it('asks for the first page of ten with the filters and shows the paging summary', async () => {
    const fetchStub = stubVersionsApi();
    renderWithProviders(<WithFilters />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    expect(requests(fetchStub)).toEqual([`kind=BMC%2CBIOS&model=M7&pageNo=1&pageSize=${DEFAULT_PAGE_SIZE}`]);
    expect(table().textContent).toContain(`1-10 of ${TOTAL}`);
    const cells = Array.from(bodyRows()[0]?.querySelectorAll('td') ?? [], (td) => td.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['M7 BMC firmware', '4.1.23', 'Recommended', 'M7-2U, M7-4U', '2 KB', '1,234']),
    );
  });

  it('sorts on the server and starts the new order at the first page', async () => {
    const fetchStub = stubVersionsApi();
    renderWithProviders(<WithFilters />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    fireEvent.click(within(table()).getByTitle('3'));
    await waitFor(() => expect(requests(fetchStub).at(-1)).toContain('pageNo=3'));

    fireEvent.click(header('Release date'));
    await waitFor(() =>
      expect(requests(fetchStub).at(-1)).toBe(
        'kind=BMC%2CBIOS&model=M7&pageNo=1&pageSize=10&sortField=releaseDate&sortOrder=ascend',
      ),
    );
    fireEvent.click(header('Downloads'));
    await waitFor(() => expect(requests(fetchStub).at(-1)).toContain('sortField=downloads&sortOrder=ascend'));
  });

  it('goes back to the first page when the filters change', async () => {
    const fetchStub = stubVersionsApi();
    renderWithProviders(<WithFilters />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    fireEvent.click(within(table()).getByTitle('2'));
    await waitFor(() => expect(requests(fetchStub).at(-1)).toContain('pageNo=2'));

    fireEvent.click(screen.getByText('narrow'));
    await waitFor(() =>
      expect(requests(fetchStub).at(-1)).toBe('kind=BMC&model=M7&q=cve-2026&pageNo=1&pageSize=10'),
    );
  });

  it('shows both checksums in full in the expanded row, and opens the detail', async () => {
    stubVersionsApi();
    const onOpen = vi.fn();
    renderWithProviders(<WithFilters onOpen={onOpen} />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    fireEvent.click(table().querySelector('.ant-table-row-expand-icon') as Element);
    expect((await screen.findByTestId('row-sha256-23')).textContent).toContain('a'.repeat(64));
    expect(table().textContent).toContain('b'.repeat(32));

    fireEvent.click(screen.getByTestId('details-23'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ versionId: 23 }));
  });
});
