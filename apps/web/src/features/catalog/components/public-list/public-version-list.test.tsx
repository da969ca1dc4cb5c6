import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { envelopeResponse, pagedRoute, stubFetch } from '@/test/fetch-stub';
import { captureLinkClicks } from '@/test/link-clicks';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildVersionRow } from '../../test-data';
import { PublicVersionList } from './public-version-list';

const TOTAL = 23;
const ALL_ROWS = Array.from({ length: TOTAL }, (_, i) => buildVersionRow({ versionId: TOTAL - i }));
const LIST_PATH = '/api/public/catalog/versions';

/** The query of each list request, without the language every call carries. */
const requests = (fetchStub: ReturnType<typeof stubFetch>) =>
  fetchStub.mock.calls
    .filter(([input]) => String(input).startsWith(LIST_PATH))
    .map(([input]) => {
      const params = new URL(String(input), 'http://localhost').searchParams;
      params.delete('locale');
      return params.toString();
    });

const list = () => screen.getByTestId('public-list');
const bodyRows = () => Array.from(list().querySelectorAll('tbody tr[data-version-id]'));
const heading = (name: string) => within(list()).getByRole('columnheader', { name: new RegExp(name) });

function renderList() {
  return renderWithProviders(<PublicVersionList testId="public-list" filters={{ kind: ['SOFTWARE'] }} />, {
    path: '/',
  });
}

setUpEachTest({ namespaces: ['catalog'] });

describe('PublicVersionList', () => {
  it('reads the public list without the token, even for a signed-in reader, and says where it is', async () => {
    setAccessToken('secret-token');
    const fetchStub = stubFetch({ [LIST_PATH]: pagedRoute(ALL_ROWS) });
    renderList();
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    const [, init] = fetchStub.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(requests(fetchStub)).toEqual([`kind=SOFTWARE&pageNo=1&pageSize=${DEFAULT_PAGE_SIZE}`]);
    const cells = Array.from(bodyRows()[0]?.querySelectorAll('td') ?? [], (td) => td.textContent);
    expect(cells).toEqual(expect.arrayContaining(['M7 BMC firmware', '4.1.23', '2026-06-15', '2 KB']));
    expect(list().textContent).toContain(`1-10 of ${TOTAL}`);
    expect(list().textContent).toContain('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
  });

  it('pages, changes the page size and sorts on the server, each new order from the first page', async () => {
    const fetchStub = stubFetch({ [LIST_PATH]: pagedRoute(ALL_ROWS) });
    renderList();
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(requests(fetchStub).at(-1)).toBe('kind=SOFTWARE&pageNo=3&pageSize=10');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);

    fireEvent.click(within(heading('Release date')).getByRole('button'));
    await waitFor(() =>
      expect(requests(fetchStub).at(-1)).toBe(
        'kind=SOFTWARE&pageNo=1&pageSize=10&sortField=releaseDate&sortOrder=ascend',
      ),
    );
    expect(heading('Release date').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(heading('Release date')).getByRole('button'));
    await waitFor(() =>
      expect(requests(fetchStub).at(-1)).toContain('sortField=releaseDate&sortOrder=descend'),
    );
    expect(heading('Release date').getAttribute('aria-sort')).toBe('descending');
    // The third click drops the sort (that first page is in the query cache: no new request).
    fireEvent.click(within(heading('Release date')).getByRole('button'));
    await waitFor(() => expect(heading('Release date').hasAttribute('aria-sort')).toBe(false));

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(requests(fetchStub).at(-1)).toBe('kind=SOFTWARE&pageNo=1&pageSize=20');
  });

  it('searches from the first page, and shows everything again when the box is cleared', async () => {
    const fetchStub = stubFetch({
      [LIST_PATH]: (url, init) => {
        const q = url.searchParams.get('q') ?? '';
        return pagedRoute(ALL_ROWS.filter((row) => row.version.includes(q)))(url, init);
      },
    });
    renderList();
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests(fetchStub).at(-1)).toContain('pageNo=2'));

    const box = screen.getByRole('searchbox', { name: 'Name, version, file name or CVE' });
    fireEvent.change(box, { target: { value: '  4.1.2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(requests(fetchStub).at(-1)).toBe('kind=SOFTWARE&q=4.1.2&pageNo=1&pageSize=10'),
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(5)); // 4.1.2 and 4.1.20 to 4.1.23
    expect(list().textContent).toContain('1-5 of 5');
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(list().textContent).toContain(`1-10 of ${TOTAL}`));
    expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE);
  });

  it('shows both checksums in full under a row, and copies one', async () => {
    stubFetch({ [LIST_PATH]: pagedRoute(ALL_ROWS) });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderList();
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    expect(screen.queryByTestId('row-sha256-23')).toBeNull();

    const expand = screen.getByRole('button', { name: 'Show the checksums of M7 BMC firmware 4.1.23' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    expect(expand.getAttribute('aria-label')).toBe('Hide the checksums of M7 BMC firmware 4.1.23');
    expect(screen.getByTestId('row-sha256-23').textContent).toBe('a'.repeat(64));
    const details = document.getElementById(expand.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(details.hidden).toBe(false);
    expect(details.textContent).toContain('b'.repeat(32));

    fireEvent.click(within(details).getAllByRole('button', { name: 'Copy' })[0] as HTMLElement);
    await within(details).findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith('a'.repeat(64));
    fireEvent.click(expand);
    expect(details.hidden).toBe(true);
  });

  it("downloads without a ticket, and shows a refusal's reason from the server", async () => {
    setAccessToken('secret-token');
    stubFetch({
      [LIST_PATH]: pagedRoute(ALL_ROWS),
      '/api/downloads/23': () => new Response(null, { status: 200 }),
      '/api/downloads/22': (_url, init) =>
        init.method === 'HEAD'
          ? new Response(null, { status: 404 })
          : envelopeResponse({ code: 1019004, message: 'File does not exist' }, 404),
    });
    const clicked = captureLinkClicks();
    renderList();
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));

    fireEvent.click(screen.getByTestId('download-22'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Download failed');
    expect(alert.textContent).toContain('File does not exist');
    expect(clicked).toEqual([]);

    fireEvent.click(screen.getByTestId('download-23'));
    await waitFor(() => expect(clicked).toEqual([{ href: '/api/downloads/23?locale=en-US', download: '' }]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when nothing matches, and why the list could not be loaded', async () => {
    stubFetch({ [LIST_PATH]: pagedRoute([]) });
    const { unmount } = renderList();
    await within(list()).findByText('No versions match');
    expect(list().textContent).toContain('0-0 of 0');
    unmount();

    stubFetch({ [LIST_PATH]: () => envelopeResponse({ code: 1010001, message: 'Too many requests' }, 429) });
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The version list could not be loaded');
    expect(alert.textContent).toContain('Too many requests');
  });
});
