import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { replacePage } from '@/lib/browser-location';
import { setAccessToken } from '@/lib/session';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { routes } from './router';

vi.mock('@/lib/browser-location', () => ({ replacePage: vi.fn(), loadPage: vi.fn(), reloadPage: vi.fn() }));

const FILE_PAGE = '/security/advisories/PFW-2026-0002/csaf/asc';
const JSON_PATH = '/.well-known/csaf/green/2026/pfw-2026-0002.json';

setUpEachTest({ namespaces: ['advisories'] });

describe('the page of a CSAF file (issue 42 §2)', () => {
  it('sends a signed-out visitor to sign-in and back, not to the public advisory page', async () => {
    stubFetch({ '/api/config': () => okResponse({ captchaEnabled: false, portalName: 'Portal' }) });
    const { router } = renderRoutes(routes, FILE_PAGE);
    // The sign-in page is a lazy chunk: its first transform on a busy CI machine takes seconds.
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 15_000 });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/user/login?${new URLSearchParams({ redirect: FILE_PAGE })}`,
    );
    expect(screen.queryByTestId('public-advisories')).toBeNull();
  });

  it('opens the file with a ticket for a signed-in reader, without loading the console first', async () => {
    vi.mocked(replacePage).mockClear();
    setAccessToken('token-1');
    const fetchStub = stubFetch({
      '/api/advisories/PFW-2026-0002/csaf/ticket': () =>
        okResponse({ url: `${JSON_PATH}?ticket=t1`, ticket: 't1', expiresAt: '2026-01-01T00:05:00Z' }),
    });
    renderRoutes(routes, FILE_PAGE);
    // The page is a lazy chunk (CI once needed over 5 s to load it with every core busy); the
    // ticket's answer comes at once after it.
    await screen.findByTestId('csaf-file-opening', {}, { timeout: 15_000 });
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith(`${JSON_PATH}.asc?ticket=t1`));
    expect(new Headers(fetchStub.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
    await waitFor(() => expect(document.title).toBe('CSAF file - Server Firmware & Software Portal'));
  });
});
