import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildAdvisoryRow } from '../test-data';
import { FixedAdvisories } from './fixed-advisories';

setUpEachTest({ namespaces: ['advisories'] });

describe('FixedAdvisories', () => {
  it('links the advisories a version fixes', async () => {
    const fetchStub = stubFetch({
      '/api/advisories': () => okResponse({ rows: [buildAdvisoryRow()], totalRows: 1, pageNo: 1 }),
    });
    renderWithProviders(<FixedAdvisories versionId={42} />, { path: '/' });
    const link = await screen.findByRole('link', { name: 'PFW-2026-0001' });
    expect(link.getAttribute('href')).toBe('/security/advisories/PFW-2026-0001');
    expect(screen.getByText('Fixes security advisories')).toBeTruthy();
    expect(
      new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://localhost').searchParams.get('fixedVersionId'),
    ).toBe('42');
  });

  it('shows nothing when the version fixes none', async () => {
    const fetchStub = stubFetch({
      '/api/advisories': () => okResponse({ rows: [], totalRows: 0, pageNo: 1 }),
    });
    const { container } = renderWithProviders(<FixedAdvisories versionId={7} />, { path: '/' });
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
