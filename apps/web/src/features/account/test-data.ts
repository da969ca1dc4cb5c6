import type { BoundSn, DictNode, Profile, Verification } from '@portal/contract';

/** GET /sysUser/profile as the server answers it; override what a test cares about. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    account: 'demo',
    nickName: 'Demo',
    name: 'Demo Customer',
    email: 'demo@example.com',
    phone: '',
    company: 'Demo Cloud Co., Ltd.',
    industry: 'internet',
    locale: 'en-US',
    avatar: null,
    ...overrides,
  };
}

/** The dictionary tree with a few industries, as GET /sysDictType/tree answers it. */
export function buildDictTree(): DictNode[] {
  const value = (id: number, code: string, name: string): DictNode => ({
    id,
    pid: 1,
    code,
    name,
    children: [],
  });
  return [
    {
      id: 1,
      pid: 0,
      code: 'industry',
      name: 'Industry',
      children: [
        value(11, 'government', 'Government'),
        value(12, 'internet', 'Internet'),
        value(13, 'finance', 'Finance'),
      ],
    },
  ];
}

export function buildBoundSn(overrides: Partial<BoundSn> = {}): BoundSn {
  return {
    sn: 'M7S2U24000101',
    model: 'M7-2U',
    modelName: 'M7 2U rack server',
    state: 'verified',
    maintenanceEnd: '2027-03-17',
    boundAt: '2025-05-01T08:30:00.000Z',
    verifiedAt: '2025-05-01T08:30:00.000Z',
    ...overrides,
  };
}

export function buildVerification(serials: BoundSn[] = []): Verification {
  return {
    verified: serials.filter((serial) => serial.state === 'verified').length,
    pending: serials.filter((serial) => serial.state === 'pending').length,
    serials,
  };
}
