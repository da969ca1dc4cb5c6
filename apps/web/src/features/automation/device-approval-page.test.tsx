import { type DeviceRequest, ErrorCode } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { DeviceApprovalPage } from './device-approval-page';

const REQUEST: DeviceRequest = {
  userCode: 'BCDF-GHJK',
  clientId: 'fwportal',
  clientHost: 'build-7',
  clientIp: '198.51.100.7',
  userAgent: 'fwportal',
  requestedAt: '2026-03-01T08:00:00.000Z',
  expiresAt: '2026-03-01T08:10:00.000Z',
  requestedScopes: ['download'],
  requestedDays: 30,
};

/** The three device routes; records what was posted to each. */
function stubDeviceApi({ lookup = () => okResponse(REQUEST) }: { lookup?: () => Response } = {}) {
  const posted: Record<string, unknown[]> = { lookup: [], approve: [], deny: [] };
  const route = (name: string, answer: () => Response) => (_url: URL, init: RequestInit) => {
    posted[name]?.push(JSON.parse(String(init.body)));
    return answer();
  };
  const fetchStub = stubFetch({
    '/api/device/lookup': route('lookup', lookup),
    '/api/device/approve': route('approve', () => okResponse({ approved: true })),
    '/api/device/deny': route('deny', () => okResponse({ approved: false })),
    '/api/sysUser/apiTokens': () => okResponse([]),
  });
  return { fetchStub, posted };
}

const render = (entry: string) =>
  renderWithProviders(<DeviceApprovalPage />, { path: '/device', initialEntry: entry });
const scope = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

setUpEachTest();

describe('DeviceApprovalPage', () => {
  it('looks the linked code up at once, shows which client asks, and approves with the scopes chosen', async () => {
    const { posted } = stubDeviceApi();
    render('/device?user_code=BCDF-GHJK');
    const details = await screen.findByTestId('device-request');
    expect(posted.lookup).toEqual([{ userCode: 'BCDF-GHJK' }]);
    for (const shown of [
      'BCDF-GHJK',
      'fwportal',
      'build-7',
      '198.51.100.7',
      formatDateTime(REQUEST.requestedAt),
    ])
      expect(details.textContent).toContain(shown);
    expect(screen.getByRole('alert').textContent).toContain(
      'Approve only if you started this sign-in yourself',
    );
    // The form starts from what the command line asked for.
    expect((screen.getByTestId('device-token-name') as HTMLInputElement).value).toBe('fwportal@build-7');
    expect(scope(/^Download/).checked).toBe(true);
    expect(scope(/^Licences/).checked).toBe(false);
    fireEvent.click(scope(/^Licences/));
    fireEvent.click(screen.getByTestId('device-approve'));
    expect((await screen.findByTestId('device-done')).textContent).toContain('Approved');
    expect(posted.approve).toEqual([
      {
        userCode: 'BCDF-GHJK',
        token: { name: 'fwportal@build-7', scopes: ['download', 'licences'], expiresInDays: 30 },
      },
    ]);
    expect(posted.deny).toEqual([]);
  });

  it('takes a typed code, shows the server message for a wrong one, and denies', async () => {
    let answer = () =>
      envelopeResponse(
        {
          code: ErrorCode.DEVICE_CODE_INVALID,
          message: 'This device code is unknown, expired or already used',
        },
        404,
      );
    const { fetchStub, posted } = stubDeviceApi({ lookup: () => answer() });
    render('/device');
    expect(fetchedPaths(fetchStub)).toEqual([]);
    fireEvent.change(screen.getByTestId('device-user-code'), { target: { value: 'bbbb-bbbb' } });
    fireEvent.click(screen.getByTestId('device-continue'));
    expect(await screen.findByText(/unknown, expired or already used/)).toBeTruthy();
    answer = () => okResponse(REQUEST);
    fireEvent.change(screen.getByTestId('device-user-code'), { target: { value: 'bcdf-ghjk' } });
    fireEvent.click(screen.getByTestId('device-continue'));
    fireEvent.click(await screen.findByTestId('device-deny'));
    expect((await screen.findByTestId('device-done')).textContent).toContain('Denied');
    expect(posted.lookup).toEqual([{ userCode: 'bbbb-bbbb' }, { userCode: 'bcdf-ghjk' }]);
    expect(posted.deny).toEqual([{ userCode: 'BCDF-GHJK' }]);
    expect(posted.approve).toEqual([]);
  });

  it('speaks Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    stubDeviceApi();
    render('/device?user_code=BCDF-GHJK');
    await screen.findByTestId('device-request');
    expect(screen.getByText('请求登录的客户端')).toBeTruthy();
    // antd spaces out a two-character button label.
    expect(screen.getByTestId('device-approve').textContent).toMatch(/^批\s?准$/);
    await waitFor(() => expect(screen.getByTestId('device-deny').textContent).toMatch(/^拒\s?绝$/));
  });

  it('shows a host name without its bidi and zero-width characters (issue 40 §3)', async () => {
    stubDeviceApi({
      lookup: () =>
        okResponse({ ...REQUEST, clientId: 'fw\u200bportal', clientHost: 'demo-laptop\u202Egnp.exe\u2069' }),
    });
    render('/device?user_code=BCDF-GHJK');
    const details = await screen.findByTestId('device-request');
    expect(details.textContent).toContain('demo-laptopgnp.exe');
    expect(details.textContent).not.toMatch(/[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/);
    expect((screen.getByTestId('device-token-name') as HTMLInputElement).value).toBe(
      'fwportal@demo-laptopgnp.exe',
    );
  });
});
