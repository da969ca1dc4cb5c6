import { type ApiToken, ErrorCode } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildApiToken, buildCreatedApiToken } from '../test-data';
import { ApiTokensSection } from './api-tokens-section';

/** The three token routes over an in-memory list; returns what was posted and deleted. */
function stubTokenApi(tokens: ApiToken[]) {
  const posted: unknown[] = [];
  const deleted: string[] = [];
  const created = buildCreatedApiToken({ id: 99, name: 'CI' });
  const fetchStub = stubFetch({
    '/api/sysUser/apiTokens': (_url, init) => {
      if (init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        const { token: _secret, ...listed } = created;
        tokens = [listed, ...tokens];
        return okResponse(created);
      }
      return okResponse(tokens);
    },
    '/api/sysUser/apiTokens/1': (url) => {
      deleted.push(url.pathname);
      tokens = tokens.map((token) =>
        token.id === 1
          ? { ...token, state: 'revoked', revokedReason: 'owner', revokedAt: '2026-03-02T09:00:00.000Z' }
          : token,
      );
      return okResponse(tokens.find((token) => token.id === 1));
    },
  });
  return { fetchStub, posted, deleted, created };
}

const rows = () => screen.queryAllByTestId('api-token-row');
const row = (name: string) => {
  const found = rows().find((element) => element.getAttribute('data-name') === name);
  if (!found) throw new Error(`no row ${name}`);
  return found;
};

setUpEachTest();

describe('ApiTokensSection', () => {
  it('lists tokens with translated scopes, local dates, last use and why a token stopped', async () => {
    stubTokenApi([
      buildApiToken({
        id: 1,
        name: 'Rack A',
        scopes: ['catalog:read', 'download'],
        lastUsedAt: '2026-03-05T10:11:12.000Z',
        lastUsedIp: '203.0.113.7',
      }),
      buildApiToken({ id: 2, name: 'Old', state: 'expired' }),
      buildApiToken({
        id: 3,
        name: 'Leaked',
        state: 'revoked',
        revokedReason: 'staff',
        revokedAt: '2026-03-04T00:00:00.000Z',
      }),
      buildApiToken({ id: 4, name: 'Before reset', state: 'revoked', revokedReason: 'password' }),
      buildApiToken({ id: 5, name: 'Frozen', state: 'revoked', revokedReason: 'frozen' }),
    ]);
    renderWithProviders(<ApiTokensSection />, { path: '/' });
    await waitFor(() => expect(rows()).toHaveLength(5));

    const active = row('Rack A');
    expect(active.textContent).toContain('fwp_ab12…');
    expect(active.textContent).toContain('Read the catalog');
    expect(active.textContent).toContain('Download');
    expect(active.textContent).not.toContain('catalog:read');
    expect(active.textContent).toContain(formatDateTime('2026-03-01T08:00:00.000Z'));
    expect(active.textContent).toContain(formatDateTime('2026-05-30T08:00:00.000Z'));
    expect(active.textContent).toContain(formatDateTime('2026-03-05T10:11:12.000Z'));
    expect(active.textContent).toContain('from 203.0.113.7');
    expect(active.textContent).not.toContain('2026-03-05T');
    expect(within(active).getByTestId('api-token-state').textContent).toBe('Active');
    expect(within(active).getByRole('button', { name: 'Revoke token Rack A' })).toBeTruthy();

    expect(row('Old').textContent).toContain('Expired');
    expect(row('Old').textContent).toContain('Never used');
    expect(within(row('Old')).queryByTestId('api-token-revoke')).toBeNull();
    expect(row('Leaked').textContent).toContain('Revoked by support staff');
    expect(row('Leaked').textContent).toContain(formatDateTime('2026-03-04T00:00:00.000Z'));
    expect(row('Before reset').textContent).toContain('Password changed');
    expect(row('Frozen').textContent).toContain('Account frozen');
    expect(within(row('Frozen')).queryByTestId('api-token-revoke')).toBeNull();
  });

  it('explains tokens and links the API documentation', async () => {
    stubTokenApi([]);
    renderWithProviders(<ApiTokensSection />, { path: '/' });
    const intro = screen.getByTestId('api-tokens-intro');
    expect(intro.textContent).toContain('fwportal');
    expect(within(intro).getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe(
      '/api/docs',
    );
    await screen.findByText('No tokens yet');
  });

  it('creates a token, shows its secret once with examples, and forgets it when closed', async () => {
    const { posted, created } = stubTokenApi([]);
    // jsdom plays no CSS animation, and the secret is dropped once the closing motion is over.
    renderWithProviders(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ApiTokensSection />
      </ConfigProvider>,
      { path: '/' },
    );
    await screen.findByText('No tokens yet');
    // 90 days by default; the date the choice gives is shown beside it.
    expect(screen.getByTestId('api-token-expires-on').textContent).toContain(
      `Expires on ${dayjs().add(90, 'day').format('YYYY-MM-DD')}`,
    );

    fireEvent.change(screen.getByTestId('api-token-name'), { target: { value: '  CI  ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Read the catalog/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Download/ }));
    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() =>
      expect(screen.getByTestId('api-token-expires-on').textContent).toContain(
        dayjs().add(30, 'day').format('YYYY-MM-DD'),
      ),
    );
    fireEvent.click(screen.getByTestId('api-token-create'));

    const dialog = await screen.findByRole('dialog');
    expect(posted).toEqual([{ name: 'CI', scopes: ['catalog:read', 'download'], expiresInDays: 30 }]);
    expect(within(dialog).getByText('Token created: CI')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('will not be shown again');
    const secret = within(dialog).getByLabelText('Your new token');
    expect((secret as HTMLInputElement).value).toBe(created.token);
    expect(within(dialog).getByTestId('api-token-example-curl').textContent).toContain(
      `Authorization: Bearer ${created.token}`,
    );
    expect(within(dialog).getByTestId('api-token-example-curl').textContent).toContain('/api/fleet/resolve');
    expect(within(dialog).getByTestId('api-token-example-cli').textContent).toContain(
      `| fwportal login --url ${window.location.origin} --token-stdin`,
    );
    // The form is ready for another token.
    expect((screen.getByTestId('api-token-name') as HTMLInputElement).value).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved the token' }));
    await waitFor(() => expect(screen.queryByDisplayValue(created.token)).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).not.toContain(created.token);
  });

  it('copies the secret to the clipboard', async () => {
    const { created } = stubTokenApi([]);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ApiTokensSection />, { path: '/' });
    fireEvent.change(screen.getByTestId('api-token-name'), { target: { value: 'CI' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Tasks/ }));
    fireEvent.click(screen.getByTestId('api-token-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy token' }));
    await screen.findByText('Copied to the clipboard');
    expect(writeText).toHaveBeenCalledWith(created.token);
  });

  it('asks for a name and a scope before sending anything', async () => {
    const { posted } = stubTokenApi([]);
    renderWithProviders(<ApiTokensSection />, { path: '/' });
    fireEvent.click(screen.getByTestId('api-token-create'));
    await screen.findByText('Please enter a name');
    await screen.findByText('Please choose at least one scope');
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal in the user's language", async () => {
    stubFetch({
      '/api/sysUser/apiTokens': (_url, init) =>
        init.method === 'POST'
          ? envelopeResponse(
              { code: ErrorCode.API_TOKEN_LIMIT, message: 'You already hold 20 active tokens' },
              409,
            )
          : okResponse([]),
    });
    renderWithProviders(<ApiTokensSection />, { path: '/' });
    fireEvent.change(screen.getByTestId('api-token-name'), { target: { value: 'CI' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Licences/ }));
    fireEvent.click(screen.getByTestId('api-token-create'));
    await screen.findByText('You already hold 20 active tokens');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes a token after confirmation and shows it revoked by its owner', async () => {
    const { deleted, fetchStub } = stubTokenApi([buildApiToken({ id: 1, name: 'Rack A' })]);
    renderWithProviders(<ApiTokensSection />, { path: '/' });
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Revoke token Rack A' }));
    expect(deleted).toEqual([]);
    await screen.findByText('Revoke the token "Rack A"? Scripts using it lose access at once.');
    fireEvent.click(screen.getByTestId('api-token-revoke-confirm'));

    await waitFor(() => expect(row('Rack A').textContent).toContain('Revoked by you'));
    expect(deleted).toEqual(['/api/sysUser/apiTokens/1']);
    expect(fetchedPaths(fetchStub).filter((path) => path === '/api/sysUser/apiTokens')).toHaveLength(2);
    expect(within(row('Rack A')).queryByTestId('api-token-revoke')).toBeNull();
    await screen.findByText('Token revoked');
  });

  it('speaks Chinese in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    stubTokenApi([buildApiToken({ state: 'revoked', revokedReason: 'owner', scopes: ['licences'] })]);
    renderWithProviders(<ApiTokensSection />, { path: '/' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('由本人撤销');
    expect(rows()[0]?.textContent).toContain('许可证');
    expect(screen.getByRole('radio', { name: '7 天' })).toBeTruthy();
  });
});
