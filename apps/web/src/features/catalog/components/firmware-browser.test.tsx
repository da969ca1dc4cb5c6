import { SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { advance, setUpEachTest } from '@/test/test-hooks';
import { buildVersionRow } from '../test-data';
import { FirmwareBrowser } from './firmware-browser';
import { SEARCH_TYPING_PAUSE_MS } from './firmware-search';

const TOTAL = 45;

function stubCatalogApi() {
  return stubFetch({
    '/api/catalog/models': () => okResponse([{ id: 1, code: 'M7-2U', family: 'M7', name: '2U server' }]),
    '/api/catalog/versions': (url) => {
      const pageNo = Number(url.searchParams.get('pageNo'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const rows = Array.from({ length: pageSize }, (_, i) => buildVersionRow({ versionId: TOTAL - i }));
      return okResponse({ rows, totalRows: TOTAL, pageNo });
    },
  });
}

/** The filters of each list request, without the language every call carries. */
const listRequests = (fetchStub: ReturnType<typeof stubFetch>) =>
  fetchStub.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/catalog/versions')
    .map((url) => {
      url.searchParams.delete('locale');
      return Object.fromEntries(url.searchParams);
    });

const ALL_KINDS = SERVER_FIRMWARE_KINDS.join(',');
const searchBox = () => within(screen.getByTestId('firmware-search')).getByRole('searchbox');

setUpEachTest({ namespaces: ['catalog'] });

describe('FirmwareBrowser', () => {
  it('lists what the address asks for and shows it in the filter bar', async () => {
    const fetchStub = stubCatalogApi();
    renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry:
        '/fw?tab=server&model=M7&kind=BIOS&severity=urgent&latest=true&q=cve&page=2&sort=version&order=ascend',
    });

    await waitFor(() => expect(listRequests(fetchStub)).toHaveLength(1));
    expect(listRequests(fetchStub)[0]).toEqual({
      kind: 'BIOS',
      model: 'M7',
      severity: 'urgent',
      latest: 'true',
      q: 'cve',
      pageNo: '2',
      pageSize: '10',
      sortField: 'version',
      sortOrder: 'ascend',
    });
    expect((searchBox() as HTMLInputElement).value).toBe('cve');
    expect(screen.getByTestId('firmware-latest').getAttribute('aria-checked')).toBe('true');
    const selectedKind = screen.getByTestId('firmware-kind').querySelector('.ant-segmented-item-selected');
    expect(selectedKind?.textContent).toBe('BIOS');
  });

  it('falls back to the unfiltered first page for invalid values', async () => {
    const fetchStub = stubCatalogApi();
    renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry:
        '/fw?kind=FLOPPY&severity=bogus&latest=maybe&page=-2&size=9999&sort=colour&order=up&model=Z9',
    });

    // The unknown model is dropped once the models have loaded.
    await waitFor(() =>
      expect(listRequests(fetchStub).at(-1)).toEqual({ kind: ALL_KINDS, pageNo: '1', pageSize: '10' }),
    );
  });

  it('writes filter changes and paging into the address, a new filter starting at the first page', async () => {
    const fetchStub = stubCatalogApi();
    const { router } = renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry: '/fw?tab=server',
    });
    const table = await screen.findByTestId('firmware-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10));

    fireEvent.click(within(table).getByTitle('3'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=server&page=3'));
    expect(router.state.historyAction).toBe('REPLACE');

    fireEvent.click(within(screen.getByTestId('firmware-kind')).getByText('BMC'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=server&kind=BMC'));
    await waitFor(() => expect(listRequests(fetchStub).at(-1)).toMatchObject({ kind: 'BMC', pageNo: '1' }));

    fireEvent.click(screen.getByTestId('firmware-latest'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=server&kind=BMC&latest=true'));
  });

  it('keeps both of two changes made before the page re-renders', async () => {
    stubCatalogApi();
    const { router } = renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry: '/fw?model=M7',
    });
    await screen.findByTestId('firmware-table');

    const clearModel = await waitFor(() => {
      const icon = screen.getByTestId('firmware-model').querySelector('.ant-select-clear');
      expect(icon).not.toBeNull();
      return icon as Element;
    });

    await act(async () => {
      fireEvent.mouseDown(clearModel);
      fireEvent.click(clearModel);
      fireEvent.click(within(screen.getByTestId('firmware-kind')).getByText('BMC'));
    });

    await waitFor(() => expect(router.state.location.search).toBe('?kind=BMC'));
  });

  it('writes the search once typing rests, with replace, starting over at the first page', async () => {
    const fetchStub = stubCatalogApi();
    const { router } = renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry: '/fw?tab=server&page=3',
    });
    await waitFor(() => expect(listRequests(fetchStub)).toHaveLength(1));

    fireEvent.change(searchBox(), { target: { value: ' CVE' } });
    fireEvent.change(searchBox(), { target: { value: ' CVE-2026-10231 ' } });
    // Each keystroke alone is no search.
    expect(router.state.location.search).toBe('?tab=server&page=3');

    await waitFor(() => expect(router.state.location.search).toBe('?tab=server&q=CVE-2026-10231'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(listRequests(fetchStub).at(-1)).toMatchObject({ q: 'CVE-2026-10231', pageNo: '1' }),
    );
    // One list request for the pause, none for the first keystroke.
    expect(listRequests(fetchStub).map((request) => request.q)).toEqual([undefined, 'CVE-2026-10231']);

    // Emptied by typing, the search leaves the address the same way.
    fireEvent.change(searchBox(), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=server'));
  });

  it('searches at once on Enter', async () => {
    stubCatalogApi();
    const { router } = renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry: '/fw',
    });

    vi.useFakeTimers();
    fireEvent.change(searchBox(), { target: { value: '  CVE-2026-10231 ' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await act(async () => {});
    expect(router.state.location.search).toBe('?q=CVE-2026-10231');
    // The pause that follows writes nothing more.
    await advance(SEARCH_TYPING_PAUSE_MS);
    expect(router.state.location.search).toBe('?q=CVE-2026-10231');
  });

  it('keeps what is typed while the address catches up with the last pause', async () => {
    stubCatalogApi();
    const { router } = renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry: '/fw',
    });

    vi.useFakeTimers();
    fireEvent.change(searchBox(), { target: { value: 'M6' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_TYPING_PAUSE_MS);
      // Typed in the same moment the address takes the search of the pause.
      fireEvent.change(searchBox(), { target: { value: 'M6 BIOS' } });
    });
    expect(router.state.location.search).toBe('?q=M6');
    expect((searchBox() as HTMLInputElement).value).toBe('M6 BIOS');

    await advance(SEARCH_TYPING_PAUSE_MS);
    expect(router.state.location.search).toBe('?q=M6+BIOS');
  });

  it('shows the search of an address that changes under it, dropping an older draft', async () => {
    stubCatalogApi();
    const { router } = renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
      path: '/fw',
      initialEntry: '/fw?q=M6',
    });
    expect((searchBox() as HTMLInputElement).value).toBe('M6');

    await act(() => router.navigate('/fw?q=A7'));
    expect((searchBox() as HTMLInputElement).value).toBe('A7');
  });
});
