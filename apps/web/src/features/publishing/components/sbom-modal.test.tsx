import type { PublishVersion, SbomSummary } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { SbomModal } from './sbom-modal';

const version = { id: 7, version: '4.1.2' } as PublishVersion;
const summary: SbomSummary = {
  versionId: 7,
  format: 'cyclonedx',
  specVersion: '1.6',
  fileName: 'm7-bmc-4.1.2.tar.gz.cdx.json',
  size: 4096,
  sha256: 'c'.repeat(64),
  components: 11,
  sha512Filled: true,
  attachedAt: '2026-06-15T08:00:00.000Z',
};

/** The upload goes through XMLHttpRequest (progress): this one answers every request with `answer`. */
function stubUpload(status: number, body: unknown) {
  const sent: { method: string; url: string; form: FormData }[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, form });
      this.status = status;
      this.responseText = JSON.stringify(body);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

const choose = (name = 'sbom.cdx.json') => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['{}'], name, { type: 'application/json' })] } });
};

setUpEachTest({ namespaces: ['publishing'] });

describe('SbomModal', () => {
  it('says when a version has none, and lists every problem of a refused SBOM with its place', async () => {
    stubFetch({
      '/api/publishing/versions/7/sbom': () =>
        envelopeResponse({ code: 1018009, message: 'This version has no SBOM' }, 404),
    });
    const sent = stubUpload(400, {
      success: false,
      code: 1018008,
      message: 'The SBOM was refused: components[0].supplier names no supplier',
      data: [
        { field: 'components[0].supplier', message: 'names no supplier', code: 'SBOM_SUPPLIER_MISSING' },
        { field: 'metadata.timestamp', message: 'has no creation time', code: 'SBOM_TIMESTAMP_MISSING' },
      ],
    });
    renderWithProviders(<SbomModal version={version} onClose={vi.fn()} />, { path: '/' });
    expect((await screen.findByTestId('sbom-none')).textContent).toBe('This version has no SBOM yet.');
    choose();
    const refusal = await screen.findByTestId('sbom-refusal');
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: expect.stringContaining('/api/publishing/versions/7/sbom'),
    });
    expect(sent[0]?.form.get('sbom')).toBeInstanceOf(File);
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['components[0].supplier names no supplier', 'metadata.timestamp has no creation time']);
  });

  it('shows the attached SBOM and removes it', async () => {
    const fetchStub = stubFetch({
      '/api/publishing/versions/7/sbom': (_url, init) =>
        init.method === 'DELETE' ? okResponse(null) : okResponse(summary),
    });
    renderWithProviders(<SbomModal version={version} onClose={vi.fn()} />, { path: '/' });
    const shown = await screen.findByTestId('sbom-summary');
    expect(shown.textContent).toContain('CycloneDX 1.6');
    expect(shown.textContent).toContain('m7-bmc-4.1.2.tar.gz.cdx.json (4 KB)');
    expect(shown.textContent).toContain("Added by the portal: the SBOM did not give the file's SHA-512");
    expect(screen.getByTestId('sbom-choose').textContent).toBe('Replace the SBOM');
    fireEvent.click(screen.getByTestId('sbom-remove'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(
        fetchStub.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE'),
      ).toBe(true),
    );
    expect(fetchedPaths(fetchStub)).toContain('/api/publishing/versions/7/sbom');
  });

  it('refuses a file over the cap without sending it', async () => {
    stubFetch({ '/api/publishing/versions/7/sbom': () => okResponse(summary) });
    const sent = stubUpload(200, {});
    renderWithProviders(<SbomModal version={version} onClose={vi.fn()} />, { path: '/' });
    await screen.findByTestId('sbom-summary');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(['x'], 'big.json');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByTestId('sbom-refusal')).textContent).toBe(
      'The file is too large (at most 20 MB)',
    );
    expect(sent).toEqual([]);
  });
});
