import type { LoginUser } from '@portal/contract';
import { type FetchRoute, okResponse } from './fetch-stub';

/**
 * The answers the signed-in console asks for besides what a test is about: the user and an
 * empty notice list for the header bell. Spread `extra` to add or replace endpoints.
 */
export function consoleApi(
  user: LoginUser,
  extra: Record<string, FetchRoute> = {},
): Record<string, FetchRoute> {
  return {
    '/api/getLoginUser': () => okResponse(user),
    '/api/notices': () => okResponse({ rows: [], totalRows: 0, pageNo: 1, unread: 0 }),
    '/api/sysUser/sessions': () => okResponse([]),
    ...extra,
  };
}
