import { ErrorCode, USER_EDIT_PERMISSION, USER_PAGE_PERMISSION } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AccessSubject, AccessProvider } from '@/lib/access';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildApiToken } from '../test-data';
import { UserApiTokens } from './user-api-tokens';

const staff = (...permissions: string[]): AccessSubject => ({ adminType: '2', permissions });

function renderFor(permissions: string[]) {
  return renderWithProviders(
    <AccessProvider user={staff(...permissions)}>
      <UserApiTokens userId={7} />
    </AccessProvider>,
    { path: '/' },
  );
}

const rows = () => screen.queryAllByTestId('api-token-row');

setUpEachTest();

describe('UserApiTokens', () => {
  it('lists the tokens of the user without any secret and without revoke for read-only staff', async () => {
    stubFetch({
      '/api/sysUser/7/webhooks': () => okResponse([]),
      '/api/sysUser/7/apiTokens': () =>
        okResponse([
          buildApiToken({ id: 1, name: 'Rack A', scopes: ['download'], lastUsedIp: '198.51.100.2' }),
          buildApiToken({ id: 2, name: 'Old', state: 'revoked', revokedReason: 'password' }),
        ]),
    });
    renderFor([USER_PAGE_PERMISSION]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]?.textContent).toContain('fwp_ab12…');
    expect(rows()[0]?.textContent).toContain('Download');
    expect(rows()[1]?.textContent).toContain('Password changed');
    expect(screen.queryByTestId('api-token-revoke')).toBeNull();
    // The tokens table has no actions column for them (the webhooks' has the delivery log).
    const tokensTable = rows()[0]?.closest('table') as HTMLElement;
    expect(within(tokensTable).queryByText('Actions')).toBeNull();
  });

  it('revokes with sysUser:edit after confirmation, on the staff route', async () => {
    const deleted: string[] = [];
    let revoked = false;
    stubFetch({
      '/api/sysUser/7/webhooks': () => okResponse([]),
      '/api/sysUser/7/apiTokens': () =>
        okResponse([
          buildApiToken(
            revoked
              ? {
                  id: 3,
                  name: 'CI',
                  state: 'revoked',
                  revokedReason: 'staff',
                  revokedAt: '2026-03-02T00:00:00Z',
                }
              : { id: 3, name: 'CI' },
          ),
        ]),
      '/api/sysUser/7/apiTokens/3': (url, init) => {
        deleted.push(`${init.method} ${url.pathname}`);
        revoked = true;
        return okResponse(buildApiToken({ id: 3, name: 'CI', state: 'revoked', revokedReason: 'staff' }));
      },
    });
    renderFor([USER_PAGE_PERMISSION, USER_EDIT_PERMISSION]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Revoke token CI' }));
    fireEvent.click(await screen.findByTestId('api-token-revoke-confirm'));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Revoked by support staff'));
    expect(deleted).toEqual(['DELETE /api/sysUser/7/apiTokens/3']);
  });

  it("shows the server's refusal (a super admin's tokens for a support user)", async () => {
    stubFetch({
      '/api/sysUser/7/webhooks': () => okResponse([]),
      '/api/sysUser/7/apiTokens': () =>
        envelopeResponse(
          { code: ErrorCode.NO_PERMISSION_OPERATION, message: 'Only a super admin may do this' },
          403,
        ),
    });
    renderFor([USER_PAGE_PERMISSION]);
    await screen.findByText('The tokens could not be loaded');
    expect(screen.getByRole('alert').textContent).toContain('Only a super admin may do this');
  });
});
