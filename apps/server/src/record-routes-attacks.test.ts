import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from './test/factories';
import { tokenFor } from './test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from './test/test-app';

/**
 * The staff routes of the users, dictionary, publishing and entitlement pages and the customer's
 * task routes (their schemas are built by recordRouteSchema) under the three attackers: nobody
 * signed in, a customer of another company, and staff whose role grants nothing; then bad input
 * (NUL, ids beyond int32, negative ids, 10k-character values) from a super admin, who passes every
 * permission check, so only input validation stands between the request and a 500: in every path
 * parameter (ids, organisations, serial numbers, model and item codes, advisory ids) of these
 * routes and of OTHER_PARAM_PATTERNS, and in the query and body.
 * Activation's routes have the same in modules/activation/activation-attacks.test.ts.
 */
const STAFF_PATTERNS = [
  '/api/sysUser/page',
  '/api/sysUser/add',
  '/api/sysUser/roleOptions',
  '/api/sysUser/organisations',
  '/api/sysUser/:id',
  '/api/sysUser/:id/detail',
  '/api/sysUser/:id/freeze',
  '/api/sysUser/:id/unlock',
  '/api/sysUser/:id/resetPwd',
  '/api/sysUser/:id/roles',
  '/api/sysUser/:id/organisation',
  '/api/sysUser/:id/serials',
  '/api/sysUser/:id/serials/:sn',
  '/api/sysDictType/list',
  '/api/sysDictType/add',
  '/api/sysDictType/:id',
  '/api/sysDictType/:id/values',
  '/api/sysDictData/add',
  '/api/sysDictData/:id',
  '/api/publishing/items',
  '/api/publishing/items/:id',
  '/api/publishing/items/:id/versions',
  '/api/publishing/versions/:id',
  '/api/publishing/versions/:id/notes',
  '/api/publishing/versions/:id/publish',
  '/api/publishing/versions/:id/pre-release',
  '/api/publishing/versions/:id/update-plan',
  '/api/publishing/versions/:id/recall',
  '/api/activation/manage/entitlements',
  '/api/activation/manage/entitlements/:id',
  '/api/staff/advisories',
  '/api/staff/advisories/cvss',
  '/api/staff/advisories/fix-candidates',
  '/api/staff/advisories/triage',
  '/api/staff/advisories/:id',
  '/api/staff/advisories/:id/submit',
  '/api/staff/advisories/:id/approve',
  '/api/staff/advisories/:id/reject',
  '/api/staff/fleet/installed-base',
  // An organisation's "My servers" (sysUser:page): a customer of any company is refused, not scoped.
  '/api/staff/fleet/orgs',
  '/api/staff/fleet/orgs/:org/servers',
  '/api/staff/fleet/orgs/:org/servers/:sn',
  '/api/staff/fleet/orgs/:org/export',
];
const TASK_PATTERNS = [
  '/api/tasks',
  '/api/tasks/mirror',
  '/api/tasks/livecd',
  '/api/tasks/:id',
  '/api/tasks/:id/retry',
  '/api/tasks/:id/result/ticket',
  // Fleet compliance (issue 34): another company's SN answers 404 (modules/inventory tests).
  '/api/fleet/inventory',
  '/api/fleet/inventory/upload',
  '/api/fleet/inventory/template.csv',
  '/api/fleet/inventory/template.xlsx',
  '/api/fleet/servers',
  '/api/fleet/servers/:sn',
  '/api/fleet/export',
  '/api/fleet/bundle',
  '/api/fleet/baselines',
  '/api/fleet/baselines/:model',
  '/api/fleet/software-ids',
  // A customer's own binding: the SN comes from the path.
  '/api/auth/bindSn/:sn',
];
/**
 * The other routes with a path parameter, for the bad-input check only: who may call them is
 * tested beside them (catalogue, roles, menus, release notes, advisories, tokens and webhooks).
 */
const OTHER_PARAM_PATTERNS = [
  '/api/catalog/items/:code',
  '/api/catalog/tools/:code',
  '/api/catalog/versions/:id',
  '/api/catalog/versions/:id/config',
  '/api/activation/:id/file',
  '/api/releaseNote/manage/:id',
  '/api/sysMenu/:id',
  '/api/sysRole/:id',
  '/api/sysRole/:id/grants',
  '/api/advisories/:advisoryId',
  '/api/advisories/:advisoryId/csaf/ticket',
  '/api/advisories/cve/:cve',
  '/api/sysUser/:userId/apiTokens',
  '/api/sysUser/:userId/apiTokens/:id',
  '/api/sysUser/:userId/webhooks',
  '/api/sysUser/:userId/webhooks/:id/deliveries',
  '/api/sysUser/:userId/webhooks/:id/off',
  '/api/sysUser/apiTokens/:id',
  '/api/sysUser/webhooks/:id',
  '/api/sysUser/webhooks/:id/deliveries',
  '/api/sysUser/webhooks/:id/ping',
  '/api/tasks/:id/result',
  '/api/downloads/:versionId',
  '/api/downloads/:versionId/SHA256SUMS',
  '/api/downloads/:versionId/SHA256SUMS.sig',
  '/api/downloads/:versionId/manifest.json',
  '/api/downloads/:versionId/manifest.json.sig',
  '/api/downloads/:versionId/ticket',
  '/.well-known/csaf/:label/:file',
  '/.well-known/csaf/:label/:year/:file',
  '/.well-known/csaf/openpgp/:file',
];
const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE'];
const LONG = 'x'.repeat(10_000);

/** Bad values for a numeric path parameter. */
const BAD_IDS = ['1%00', '2147483648', '-1', LONG];
/**
 * Bad values for a text path parameter (a serial number, a model code), percent-encoded as a URL
 * carries them: NUL alone and inside, overlong (past the 64-character column and past the input
 * guard's 4,096), an overlong UTF-8 NUL and a lone byte that is no UTF-8 at all, bidi and
 * zero-width controls, an emoji, a line break, quotes and SQL, a path climbing out, blanks.
 */
const BAD_TEXTS = [
  '%00',
  'SN%00X',
  'S'.repeat(65),
  LONG,
  '%C0%80',
  '%FF',
  'SN%E2%80%AEgnp',
  'SN%E2%80%8B',
  '%F0%9F%92%A3',
  'SN%0A1',
  "%27%20OR%20'1'%3D'1",
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
  '%2520',
];
const PARAMS = {
  id: BAD_IDS,
  org: BAD_IDS,
  userId: BAD_IDS,
  versionId: BAD_IDS,
  year: BAD_IDS,
  sn: BAD_TEXTS,
  model: BAD_TEXTS,
  code: BAD_TEXTS,
  advisoryId: BAD_TEXTS,
  label: BAD_TEXTS,
  file: BAD_TEXTS,
} as const;
type Param = keyof typeof PARAMS;
const HARMLESS: Record<Param, string> = {
  id: '1',
  org: '1',
  userId: '1',
  versionId: '1',
  year: '2026',
  sn: 'SN0001',
  model: 'M7-2U',
  code: 'fw-update-tool',
  advisoryId: 'FWP-2026-0001',
  label: 'white',
  file: 'fwp-2026-0001.json',
};

type Route = { method: HTTPMethods; pattern: string };
/** The pattern with the values given for some path parameters and a harmless one for the rest. */
const fill = (pattern: string, values: Partial<Record<Param, string>>) =>
  pattern.replace(/:(\w+)/g, (_, name: Param) => values[name] ?? HARMLESS[name]);
const withId = (pattern: string, id: string) => fill(pattern, { id, org: id });
/** Every URL of the pattern with one path parameter bad at a time, the others harmless. */
const badPaths = (pattern: string) =>
  (Object.keys(PARAMS) as Param[])
    .filter((name) => new RegExp(`:${name}\\b`).test(pattern))
    .flatMap((name) => PARAMS[name].map((value) => fill(pattern, { [name]: value })));

describe.each(DRIVERS)('record routes under attack on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let stranger: string;
  let emptyStaff: string;
  let staffRoutes: Route[];
  let taskRoutes: Route[];
  let otherRoutes: Route[];

  // The methods each pattern is registered with, read from the app (so a new one is covered).
  const routesOf = (patterns: string[]) =>
    patterns.flatMap((pattern) =>
      METHODS.filter((method) => t.app.hasRoute({ method, url: pattern })).map((method) => ({
        method,
        pattern,
      })),
    );
  const call = (token: string | null, method: HTTPMethods, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: method === 'GET' || method === 'DELETE' ? undefined : (payload ?? {}),
    });

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminToken(t.app);
    const customer = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Other Company Ltd' });
    stranger = await tokenFor(t.app, customer.account, customer.password);
    await createRole(t.db, 'grants-nothing', []);
    const lesser = await createUser(t.db, { roleCodes: ['grants-nothing'] });
    emptyStaff = await tokenFor(t.app, lesser.account, lesser.password);
    staffRoutes = routesOf(STAFF_PATTERNS);
    taskRoutes = routesOf(TASK_PATTERNS);
    otherRoutes = routesOf(OTHER_PARAM_PATTERNS);
  }, 60_000);
  afterAll(() => t.close());

  it('finds every pattern registered (a renamed route would otherwise drop out of these checks)', () => {
    for (const pattern of [...STAFF_PATTERNS, ...TASK_PATTERNS, ...OTHER_PARAM_PATTERNS])
      expect(
        METHODS.some((method) => t.app.hasRoute({ method, url: pattern })),
        pattern,
      ).toBe(true);
    expect(staffRoutes.length).toBeGreaterThanOrEqual(STAFF_PATTERNS.length);
  });

  it('refuses anonymous callers on every route (401)', async () => {
    for (const { method, pattern } of [...staffRoutes, ...taskRoutes])
      expect((await call(null, method, withId(pattern, '1'))).statusCode, `${method} ${pattern}`).toBe(401);
  });

  it("refuses another company's customer and staff whose role grants nothing on every staff route (403)", async () => {
    for (const { method, pattern } of staffRoutes)
      for (const [who, token] of [
        ['customer', stranger],
        ['empty staff', emptyStaff],
      ] as const)
        expect(
          (await call(token, method, withId(pattern, '1'))).statusCode,
          `${who}: ${method} ${pattern}`,
        ).toBe(403);
  });

  it("answers another customer's task as if it did not exist (404)", async () => {
    const owner = await createUser(t.db, { roleCodes: ['customer'] });
    const ownerToken = await tokenFor(t.app, owner.account, owner.password);
    const created = await call(ownerToken, 'POST', '/api/tasks/mirror', {
      by: 'pn',
      values: 'PN-NIC-10G-2P',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = String(created.json().data.task.id);
    for (const { method, pattern } of taskRoutes.filter((route) => route.pattern.includes(':id')))
      expect((await call(stranger, method, withId(pattern, id))).statusCode, `${method} ${pattern}`).toBe(
        404,
      );
    expect((await call(ownerToken, 'GET', `/api/tasks/${id}`)).statusCode).toBe(200);
  });

  it('answers NUL, ids beyond int32, negative ids, bad serial numbers and model codes and 10k-character values with 4xx, never 500', async () => {
    const customerRoutes = new Set([...taskRoutes, ...otherRoutes]);
    // Every answer that is not a 4xx, so one run lists them all.
    const answered: string[] = [];
    for (const route of [...staffRoutes, ...taskRoutes, ...otherRoutes]) {
      const { method, pattern } = route;
      // A bad path goes with an empty body: a bad body would be refused first and hide the path.
      const attempts: [string, object][] = [
        ...badPaths(pattern).map((url): [string, object] => [url, {}]),
        [`${withId(pattern, '1')}?q=%00${LONG}`, { name: `\u0000${LONG}`, code: LONG }],
      ];
      // A customer's routes are tried by a customer too: their SN is looked up among the caller's.
      const callers = customerRoutes.has(route) ? [admin, stranger] : [admin];
      for (const token of callers)
        for (const [url, payload] of attempts) {
          const status = (await call(token, method, url, payload)).statusCode;
          if (status < 400 || status >= 500)
            answered.push(
              `${token === admin ? 'admin' : 'customer'} ${method} ${url.slice(0, 80)}: ${status}`,
            );
        }
    }
    expect(answered).toEqual([]);
  });
});
