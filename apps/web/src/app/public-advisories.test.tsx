import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdvisoryDetail, buildAdvisoryRow } from '@/features/advisories/test-data';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { routes } from './router';

setUpEachTest({ namespaces: ['advisories'] });

describe('the advisories signed out', () => {
  it('shows a TLP:WHITE advisory at its console address, without a session', async () => {
    const fetchStub = stubFetch({ '/api/advisories/PFW-2026-0001': () => okResponse(buildAdvisoryDetail()) });
    const { router } = renderRoutes(routes, '/security/advisories/PFW-2026-0001');
    const page = await screen.findByTestId('public-advisories', {}, { timeout: 15_000 });
    expect((await within(page).findByTestId('advisory-title')).textContent).toBe(
      'BMC web interface allows remote code execution',
    );
    expect(router.state.location.pathname).toBe('/security/advisories/PFW-2026-0001');
    // No "affects my servers" part, and no token sent.
    expect(within(page).queryByTestId('advisory-my-servers')).toBeNull();
    const headers = new Headers(fetchStub.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(within(page).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/user/login?redirect=%2Fsecurity%2Fadvisories%2FPFW-2026-0001',
    );
    await waitFor(() =>
      expect(document.title).toBe('Security advisories - Server Firmware & Software Portal'),
    );
  });

  it('lists the public advisories without the signed-in filters', async () => {
    stubFetch({
      '/api/advisories': () => okResponse({ rows: [buildAdvisoryRow()], totalRows: 1, pageNo: 1 }),
    });
    renderRoutes(routes, '/security/advisories?severity=CRITICAL');
    expect(await screen.findByTestId('advisory-link-PFW-2026-0001', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('advisory-mine')).toBeNull();
    expect(screen.queryByTestId('advisory-model')).toBeNull();
  });
});
