import { ErrorCode } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { ApiTokensSection } from './api-tokens-section';
import { rows, stubTokenApi } from './api-tokens-section-fixture';

// Split from api-tokens-section.test.tsx: creating a token (secret, copy, checks, refusal), about half its work.

setUpEachTest();

describe('ApiTokensSection (creating a token)', () => {
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
});
