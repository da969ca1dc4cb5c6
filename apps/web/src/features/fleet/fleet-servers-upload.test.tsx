import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { openPage, ROWS } from './fleet-servers-page-fixture';
import { buildFleetPage, buildUploadResult } from './test-data';

// Split from fleet-servers-page.test.tsx: the inventory upload and the downloads (export, templates).

setUpEachTest({ namespaces: ['fleet'] });

describe('FleetServersPage (inventory upload)', () => {
  const csv = () => new File(['sn,kind,pn,slot,version,seen_at\n'], 'inventory.csv', { type: 'text/csv' });

  async function chooseFile() {
    fireEvent.click(await screen.findByTestId('fleet-upload'));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [csv()] } });
    return dialog;
  }

  it('previews the file: wrong lines listed with their messages, and Apply stays disabled', async () => {
    const uploads: { dryRun: string | null; type: string | null }[] = [];
    stubFetch({
      '/api/fleet/servers': () => okResponse(buildFleetPage(ROWS)),
      '/api/fleet/inventory/upload': (url, init) => {
        uploads.push({
          dryRun: url.searchParams.get('dryRun'),
          type: new Headers(init.headers).get('Content-Type'),
        });
        return okResponse(
          buildUploadResult({
            errors: [{ line: 3, sn: 'SN-7777', message: 'This serial number is unknown' }],
          }),
        );
      },
    });
    openPage('/fleet/servers');
    const dialog = await chooseFile();
    const errors = await within(dialog).findByTestId('upload-errors');
    expect(errors.textContent).toContain('This serial number is unknown');
    expect(errors.textContent).toContain('SN-7777');
    // The server tells CSV from XLSX by content: the type sent names neither.
    expect(uploads).toEqual([{ dryRun: '1', type: 'application/octet-stream' }]);
    expect(within(dialog).getByTestId('upload-counts').textContent).toBe(
      'Preview. Lines: 2 · Servers: 1 · Changes: 1',
    );
    expect(within(dialog).getByTestId('upload-changes').textContent).toContain('3.2.1');
    expect((within(dialog).getByTestId('upload-apply') as HTMLButtonElement).disabled).toBe(true);
  });

  it('applies a file without wrong lines and refreshes the list', async () => {
    const uploads: (string | null)[] = [];
    const fetchStub = stubFetch({
      '/api/fleet/servers': () => okResponse(buildFleetPage(ROWS)),
      '/api/fleet/inventory/upload': (url) => {
        const dryRun = url.searchParams.get('dryRun');
        uploads.push(dryRun);
        return okResponse(buildUploadResult({ applied: dryRun === '0' }));
      },
    });
    openPage('/fleet/servers');
    const dialog = await chooseFile();
    await within(dialog).findByTestId('upload-preview');
    const apply = within(dialog).getByTestId('upload-apply') as HTMLButtonElement;
    await waitFor(() => expect(apply.disabled).toBe(false));
    const listLoads = fetchStub.mock.calls.filter(([input]) =>
      String(input).includes('/fleet/servers'),
    ).length;
    fireEvent.click(apply);
    expect(await screen.findByText('Inventory applied. Changes: 1')).toBeTruthy();
    expect(uploads).toEqual(['1', '0']);
    await waitFor(() =>
      expect(fetchStub.mock.calls.filter(([input]) => String(input).includes('/fleet/servers')).length).toBe(
        listLoads + 1,
      ),
    );
  });
});

describe('FleetServersPage (downloads)', () => {
  it('exports the servers of the state filtered by, and downloads the CSV and Excel templates', async () => {
    const createObjectURL = vi.fn(() => 'blob:fleet');
    // jsdom has no object URLs: a subclass adds them for this test only (stubbed globals are restored).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const asked: string[] = [];
    stubFetch({
      '/api/fleet/servers': () => okResponse(buildFleetPage(ROWS)),
      '/api/fleet/export': (url) => {
        asked.push(url.search);
        return new Response('sn,component\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      },
      '/api/fleet/inventory/template.csv': () =>
        new Response('sn,kind,pn,slot,version,seen_at\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv' },
        }),
      '/api/fleet/inventory/template.xlsx': () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    });
    openPage('/fleet/servers?state=outdated');
    fireEvent.click(await screen.findByTestId('fleet-export'));
    fireEvent.click(await screen.findByText('Export JSON'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(new URLSearchParams(asked[0]))).toMatchObject({
      format: 'json',
      state: 'outdated',
    });

    fireEvent.click(screen.getByTestId('fleet-upload'));
    fireEvent.click(await screen.findByTestId('upload-template'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByTestId('upload-template-xlsx'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(3));
    const input = (await screen.findByRole('dialog')).querySelector('input[type="file"]');
    expect(input?.getAttribute('accept')).toContain('.xlsx');
  });
});
