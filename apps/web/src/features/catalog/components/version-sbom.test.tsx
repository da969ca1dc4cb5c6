import type { VersionSbom } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { changeLocale, i18n } from '@/lib/i18n';
import { setUpEachTest } from '@/test/test-hooks';
import { VersionSbomSection } from './version-sbom';

const components = Array.from({ length: 12 }, (_, i) => ({
  name: i === 0 ? 'openssl' : `lib-${i}`,
  version: i === 0 ? '3.0.7' : `1.${i}`,
  purl: i === 0 ? 'pkg:generic/openssl@3.0.7' : null,
  cpe: i === 0 ? null : `cpe:2.3:a:vendor:lib_${i}:1.${i}:*:*:*:*:*:*:*`,
  supplier: i === 0 ? 'OpenSSL Software Foundation' : `Vendor ${i}`,
  licences: [i % 2 ? 'MIT' : 'Apache-2.0'],
}));

const sbom: VersionSbom = {
  summary: {
    versionId: 9,
    format: 'cyclonedx',
    specVersion: '1.6',
    fileName: 'm7-bmc-4.1.2.tar.gz.cdx.json',
    size: 20_480,
    sha256: 'c'.repeat(64),
    components: 12,
    sha512Filled: true,
    attachedAt: '2026-06-15T08:00:00.000Z',
  },
  url: '/api/downloads/9/sbom',
  components,
};

setUpEachTest({ namespaces: ['catalog', 'common'] });

describe('VersionSbomSection', () => {
  it('shows the format, the licences, the hash and the components a page at a time, and downloads the SBOM', async () => {
    const fetchStub = stubFetch({
      '/api/catalog/versions/9/sbom': () => okResponse(sbom),
      // Signed out (no session in this test): a plain link, checked with HEAD before the browser takes it.
      '/api/downloads/9/sbom': () => new Response(null, { status: 200 }),
    });
    renderWithProviders(<VersionSbomSection versionId={9} />, { path: '/' });
    const section = await screen.findByTestId('version-sbom');
    expect(screen.getByRole('heading', { name: 'Software bill of materials (SBOM)' })).toBeTruthy();
    expect(screen.getByTestId('sbom-format').textContent).toBe('CycloneDX 1.6');
    expect(section.textContent).toContain('12 components');
    expect(section.textContent).toContain("The portal added the file's SHA-512 to it.");
    expect(screen.getByTestId('sbom-sha256').textContent).toContain('c'.repeat(64));
    expect(screen.getByTestId('sbom-licences').textContent).toBe('Licences: Apache-2.0MIT');
    const table = screen.getByTestId('sbom-components');
    expect(within(table).getByText('openssl')).toBeTruthy();
    expect(within(table).getByText('pkg:generic/openssl@3.0.7')).toBeTruthy();
    expect(within(table).queryByText('lib-11')).toBeNull();
    expect(section.textContent).toContain('1-10 of 12');

    fireEvent.click(screen.getByTestId('sbom-download'));
    await waitFor(() => expect(fetchedPaths(fetchStub)).toContain('/api/downloads/9/sbom'));
  });

  it('says the same in Chinese', async () => {
    stubFetch({ '/api/catalog/versions/9/sbom': () => okResponse(sbom) });
    await act(() => changeLocale('zh-CN'));
    await act(() => i18n.loadNamespaces(['catalog', 'common']));
    renderWithProviders(<VersionSbomSection versionId={9} />, { path: '/' });
    const section = await screen.findByTestId('version-sbom');
    expect(section.textContent).toContain('软件物料清单（SBOM）');
    expect(section.textContent).toContain('12 个组件');
  });

  it('shows nothing for a version without an SBOM', async () => {
    const fetchStub = stubFetch({
      '/api/catalog/versions/9/sbom': () =>
        envelopeResponse({ success: false, code: 1018009, message: 'This version has no SBOM' }, 404),
    });
    const { container } = renderWithProviders(<VersionSbomSection versionId={9} />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchedPaths(fetchStub)).toEqual(['/api/catalog/versions/9/sbom']);
    expect(container.textContent).toBe('');
  });
});
