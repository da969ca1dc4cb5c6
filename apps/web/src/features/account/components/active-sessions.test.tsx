import type { SessionInfo } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { ActiveSessions } from './active-sessions';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function buildSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: 1,
    ip: '10.0.0.1',
    userAgent: CHROME_ON_WINDOWS,
    createTime: '2026-01-02T03:04:05.000Z',
    current: false,
    ...overrides,
  };
}

/** GET /sessions and POST /sessions/revoke over an in-memory list; returns the posted bodies. */
function stubSessionApi(sessions: SessionInfo[]) {
  const posted: unknown[] = [];
  const fetchStub = stubFetch({
    '/api/sysUser/sessions': () => okResponse(sessions),
    '/api/sysUser/sessions/revoke': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { id?: number; allOthers?: boolean };
      posted.push(body);
      const before = sessions.length;
      sessions = sessions.filter((session) => session.current || (!body.allOthers && session.id !== body.id));
      return okResponse({ revoked: before - sessions.length });
    },
  });
  return { fetchStub, posted };
}

const rows = () => screen.queryAllByTestId('session-row');

setUpEachTest();

describe('ActiveSessions', () => {
  it('lists device, IP and time, tags this device and offers sign-out only for the others', async () => {
    stubSessionApi([
      buildSession({ id: 1, current: true, ip: '10.0.0.1' }),
      buildSession({ id: 2, ip: '10.0.0.2', userAgent: null }),
    ]);
    renderWithProviders(<ActiveSessions />, { path: '/' });

    await waitFor(() => expect(rows()).toHaveLength(2));
    const [current, other] = rows() as [HTMLElement, HTMLElement];
    expect(screen.getByTestId('sessions-list')).toBeTruthy();
    expect(current.textContent).toContain('Chrome 126 · Windows');
    expect(current.textContent).toContain('This device');
    expect(current.textContent).toContain('IP: 10.0.0.1');
    expect(current.textContent).toMatch(/Signed in: 2026-01-0\d \d\d:04:05/);
    expect(within(current).queryByTestId('revoke-session')).toBeNull();
    expect(other.textContent).toContain('Unknown device');
    expect(within(other).getByTestId('revoke-session')).toBeTruthy();
  });

  it('signs out all other sessions and refreshes the list', async () => {
    const { fetchStub, posted } = stubSessionApi([
      buildSession({ id: 1, current: true }),
      buildSession({ id: 2 }),
      buildSession({ id: 3 }),
    ]);
    renderWithProviders(<ActiveSessions />, { path: '/' });
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.click(screen.getByTestId('revoke-other-sessions'));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(posted).toEqual([{ allOthers: true }]);
    expect(fetchedPaths(fetchStub)).toEqual([
      '/api/sysUser/sessions',
      '/api/sysUser/sessions/revoke',
      '/api/sysUser/sessions',
    ]);
    expect(await screen.findByText('Sessions signed out: 2')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('revoke-other-sessions').disabled).toBe(true);
  });

  it('signs out one session by its id', async () => {
    const { posted } = stubSessionApi([buildSession({ id: 1, current: true }), buildSession({ id: 7 })]);
    renderWithProviders(<ActiveSessions />, { path: '/' });
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(screen.getByTestId('revoke-session'));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(posted).toEqual([{ id: 7 }]);
  });
});
