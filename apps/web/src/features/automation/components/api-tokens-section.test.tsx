import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import { fetchedPaths } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildApiToken } from '../test-data';
import { ApiTokensSection } from './api-tokens-section';
import { rows, stubTokenApi } from './api-tokens-section-fixture';

// Creating a token is tested in api-tokens-create.test.tsx, so the two halves run side by side.

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
