import { PCIE_LOOKUP_MAX_VALUES } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildSnLookupResult } from '../test-data';
import { PcieLookup } from './pcie-lookup';

const LOOKUP = '/api/catalog/pcie/lookup';
const UPLOAD = '/api/catalog/pcie/lookup/upload';
const EXPORT = '/api/catalog/pcie/lookup/export';

function stubLookupApi() {
  return stubFetch({
    [LOOKUP]: () => okResponse(buildSnLookupResult()),
    [UPLOAD]: () => okResponse(buildSnLookupResult({ truncated: true, totalSerials: 150 })),
    [EXPORT]: () => new Response('\uFEFFsn,pn\n', { headers: { 'Content-Type': 'text/csv' } }),
  });
}

const typeValues = (text: string) =>
  fireEvent.change(screen.getByTestId('pcie-values'), { target: { value: text } });
const search = () => fireEvent.click(screen.getByTestId('pcie-search'));
const uploadInput = () => {
  const input = screen.getByTestId('pcie-lookup').querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const choose = (file: File) => fireEvent.change(uploadInput(), { target: { files: [file] } });

setUpEachTest({ namespaces: ['catalog'] });

describe('PcieLookup', () => {
  it("refuses an empty query with 'SN can not be null' / 'PN can not be null' without asking the server", async () => {
    const fetchStub = stubLookupApi();
    renderWithProviders(<PcieLookup onOpen={vi.fn()} />, { path: '/' });
    await screen.findByTestId('pcie-search');

    typeValues(' , ');
    search();
    await screen.findByText('SN can not be null');

    fireEvent.click(screen.getByText('By part number (PN)'));
    search();
    await screen.findByText('PN can not be null');
    expect(fetchedPaths(fetchStub)).toEqual([]);
  });

  it(`refuses more than ${PCIE_LOOKUP_MAX_VALUES} typed values`, async () => {
    const fetchStub = stubLookupApi();
    renderWithProviders(<PcieLookup onOpen={vi.fn()} />, { path: '/' });
    await screen.findByTestId('pcie-search');
    typeValues(Array.from({ length: PCIE_LOOKUP_MAX_VALUES + 1 }, (_, i) => `SN${i}`).join(','));
    search();
    await screen.findByText(`At most ${PCIE_LOOKUP_MAX_VALUES} SN per query`);
    expect(fetchedPaths(fetchStub)).toEqual([]);
  });

  it('looks typed SNs up and shows each card with its newest firmware, and unknown SNs', async () => {
    const fetchStub = stubLookupApi();
    const onOpen = vi.fn();
    renderWithProviders(<PcieLookup onOpen={onOpen} />, { path: '/' });
    await screen.findByTestId('pcie-search');
    typeValues('m7s2u24000101, nope, M7S2U24000101');
    search();

    const results = await screen.findByTestId('pcie-results');
    const [, init] = fetchStub.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ by: 'sn', values: 'M7S2U24000101,NOPE' });
    const rows = results.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('PN-NIC-25G-2P');
    expect(rows[0]?.textContent).toContain('22.36.1010');
    expect(rows[0]?.textContent).toContain('1 older versions');
    expect(rows[1]?.textContent).toContain('No firmware to download');
    expect(rows[2]?.textContent).toContain('Unknown serial number');

    fireEvent.click(within(rows[0] as HTMLElement).getByText('Details'));
    expect(onOpen).toHaveBeenCalledWith(41);
  });

  it('shows the server refusal in the page', async () => {
    stubFetch({
      [LOOKUP]: () => envelopeResponse({ code: 1017002, message: 'SN can not be null' }, 400),
    });
    renderWithProviders(<PcieLookup onOpen={vi.fn()} />, { path: '/' });
    await screen.findByTestId('pcie-search');
    typeValues('X1');
    search();
    await screen.findByText('SN can not be null');
  });

  it('accepts only .txt lists: another file never reaches the server', async () => {
    const fetchStub = stubLookupApi();
    renderWithProviders(<PcieLookup onOpen={vi.fn()} />, { path: '/' });
    await screen.findByTestId('pcie-upload');

    choose(new File(['M7S2U24000101'], 'serials.csv', { type: 'text/csv' }));
    await screen.findByText('Only .txt files can be uploaded');
    expect(fetchedPaths(fetchStub)).toEqual([]);

    choose(new File(['M7S2U24000101\nNOPE'], 'serials.txt', { type: 'text/plain' }));
    await screen.findByText(
      'Only the first 2 of 150 serial numbers are shown; export the CSV for all of them.',
    );
    const [input, init] = fetchStub.mock.calls[0] ?? [];
    expect(new URL(String(input), 'http://localhost').searchParams.get('by')).toBe('sn');
    const form = init?.body as FormData;
    expect((form.get('file') as File).name).toBe('serials.txt');
  });

  it('exports the values of the shown result as CSV', async () => {
    const fetchStub = stubLookupApi();
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<PcieLookup onOpen={vi.fn()} />, { path: '/' });
    expect((await screen.findByTestId('pcie-export')).closest('button')?.disabled).toBe(true);
    typeValues('M7S2U24000101,NOPE');
    search();
    await screen.findByTestId('pcie-results');
    fireEvent.click(screen.getByTestId('pcie-export'));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exportCall = fetchStub.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === EXPORT);
    expect(exportCall?.searchParams.get('by')).toBe('sn');
    expect(exportCall?.searchParams.get('values')).toBe('M7S2U24000101,NOPE');
  });
});
