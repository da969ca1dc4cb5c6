import { DEFAULT_PAGE_SIZE, type DownloadRecord } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, pagedRoute, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { DownloadRecordsTable } from './download-records-table';

const TOTAL = 12;

/** Record n; higher ids are newer, as the server numbers them. */
function buildDownloadRecord(id: number): DownloadRecord {
  return {
    id,
    versionId: 100 + id,
    itemCode: 'm7-bmc',
    itemName: 'M7 BMC firmware',
    version: `4.1.${id}`,
    fileName: `m7-bmc-4.1.${id}.tar.gz`,
    bytes: 1024 * id,
    range: id === TOTAL ? 'bytes=0-1023' : '',
    status: id === TOTAL ? 'partial' : 'complete',
    ip: '10.0.0.1',
    createTime: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  };
}

function stubRecordsApi() {
  const all = Array.from({ length: TOTAL }, (_, index) => buildDownloadRecord(TOTAL - index));
  return stubFetch({ '/api/sysUser/downloadRecords': pagedRoute(all) });
}

const table = () => screen.getByTestId('download-records-table');
const bodyRows = () => Array.from(table().querySelectorAll('tbody tr.ant-table-row'));

setUpEachTest({ namespaces: ['catalog'] });

describe('DownloadRecordsTable', () => {
  it('shows ten records a page, newest first, with content, status and the paging summary', async () => {
    stubRecordsApi();
    renderWithProviders(<DownloadRecordsTable />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    const first = bodyRows()[0]?.textContent ?? '';
    expect(first).toContain('M7 BMC firmware 4.1.12');
    expect(first).toContain('Incomplete');
    expect(first).toContain('12 KB (bytes=0-1023)');
    expect(table().textContent).toContain(`1-10 of ${TOTAL}`);

    fireEvent.click(within(table()).getByTitle('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(bodyRows()[1]?.textContent).toContain('M7 BMC firmware 4.1.1');
    expect(table().textContent).toContain(`11-12 of ${TOTAL}`);
  });

  it('says why when the records cannot be loaded', async () => {
    stubFetch({
      '/api/sysUser/downloadRecords': () => envelopeResponse({ code: 500, message: 'Server error' }, 500),
    });
    renderWithProviders(<DownloadRecordsTable />, { path: '/' });
    await screen.findByText('The download records could not be loaded');
    expect(table().textContent).toContain('Server error');
  });
});
