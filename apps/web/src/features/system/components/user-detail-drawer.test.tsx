import type { UserAdminDetail, UserAdminRow } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { UserDetailDrawer } from './user-detail-drawer';

const USER: UserAdminRow = {
  id: 7,
  account: 'alice',
  nickName: 'Alice',
  name: '',
  email: 'alice@example.com',
  phone: '',
  company: 'Example Co',
  organisation: null,
  industry: '',
  adminType: '2',
  sourceType: '',
  frozen: false,
  lockedUntil: null,
  roles: [],
  lastLoginIp: null,
  lastLoginTime: null,
  createTime: '2025-01-01T08:00:00.000Z',
};
const SIGNED_IN = '2025-03-04T05:06:07.000Z';
const DOWNLOADED = '2025-03-05T06:07:08.000Z';
const DETAIL: UserAdminDetail = {
  user: USER,
  sessions: [],
  logins: [
    { id: 1, type: 'LOGIN', success: true, message: 'Signed in', ip: '10.0.0.1', createTime: SIGNED_IN },
  ],
  downloads: [
    {
      id: 2,
      versionId: 3,
      itemCode: 'bios',
      itemName: 'BIOS',
      version: '1.2.0',
      fileName: 'bios.bin',
      bytes: 2048,
      range: '',
      status: 'complete',
      ip: '10.0.0.1',
      createTime: DOWNLOADED,
    },
  ],
  serials: { verified: 0, pending: 0, serials: [] },
};

setUpEachTest();

/** The header cells and the first row's cells of one tab's table. */
async function tableOf(tab: string, testId: string) {
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
  const table = await screen.findByTestId(testId);
  const texts = (selector: string) => [...table.querySelectorAll(selector)].map((cell) => cell.textContent);
  return { headers: texts('thead th'), cells: texts('tbody tr.ant-table-row td'), table };
}

describe('UserDetailDrawer', () => {
  it('lists the sign-ins and the downloads, each with when it happened first', async () => {
    stubFetch({
      '/api/sysUser/7/detail': () => okResponse(DETAIL),
      '/api/sysUser/organisations': () => okResponse([]),
    });
    renderWithProviders(<UserDetailDrawer user={USER} onClose={() => {}} />, { path: '/' });

    const logins = await tableOf('Sign-ins', 'user-logins');
    expect(logins.headers).toEqual(['Time', expect.any(String), 'IP']);
    expect(logins.cells).toEqual([formatDateTime(SIGNED_IN), 'Signed in', '10.0.0.1']);

    const downloads = await tableOf('Downloads', 'user-downloads');
    expect(downloads.headers[0]).toBe('Time');
    expect(downloads.cells[0]).toBe(formatDateTime(DOWNLOADED));
    expect(within(downloads.table).getByText('BIOS 1.2.0')).toBeTruthy();
  });
});
