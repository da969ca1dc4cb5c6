import type { LoginUser } from '@portal/contract';

/** A signed-in user as GET /getLoginUser answers it; override what a test cares about. */
export function buildLoginUser(overrides: Partial<LoginUser> = {}): LoginUser {
  return {
    id: 1,
    account: 'demo',
    nickName: 'Demo User',
    name: 'Demo',
    avatar: null,
    email: 'demo@example.com',
    phone: '',
    adminType: '2',
    sourceType: '01',
    locale: 'en-US',
    lastLoginIp: null,
    lastLoginTime: null,
    apps: [{ code: 'mirror', name: 'Firmware', active: true }],
    roles: [],
    permissions: [],
    menus: [],
    ...overrides,
  };
}
