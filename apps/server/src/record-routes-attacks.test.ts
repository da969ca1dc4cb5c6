import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from './test/factories';
import { tokenFor } from './test/requests';
import { ADMIN_PASSWORD, createTestApp, DRIVERS, type TestApp } from './test/test-app';

/**
 * The staff routes of the users, dictionary, publishing and entitlement pages and the customer's
 * task routes (their schemas are built by recordRouteSchema) under the three attackers: nobody
 * signed in, a customer of another company, and staff whose role grants nothing; then bad input
 * (NUL, ids beyond int32, negative ids, 10k-character values) from a super admin, who passes every
 * permission check, so only input validation stands between the request and a 500.
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
];
const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE'];
const LONG = 'x'.repeat(10_000);

type Route = { method: HTTPMethods; pattern: string };
const withId = (pattern: string, id: string) =>
  pattern.replace(':id', id).replace(':org', id).replace(':sn', 'SN0001').replace(':model', 'M7-2U');

describe.each(DRIVERS)('record routes under attack on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let stranger: string;
  let emptyStaff: string;
  let staffRoutes: Route[];
  let taskRoutes: Route[];

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
    admin = await tokenFor(t.app, 'admin', ADMIN_PASSWORD);
    const customer = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Other Company Ltd' });
    stranger = await tokenFor(t.app, customer.account, customer.password);
    await createRole(t.db, 'grants-nothing', []);
    const lesser = await createUser(t.db, { roleCodes: ['grants-nothing'] });
    emptyStaff = await tokenFor(t.app, lesser.account, lesser.password);
    staffRoutes = routesOf(STAFF_PATTERNS);
    taskRoutes = routesOf(TASK_PATTERNS);
  }, 60_000);
  afterAll(() => t.close());

  it('finds every pattern registered (a renamed route would otherwise drop out of these checks)', () => {
    for (const pattern of [...STAFF_PATTERNS, ...TASK_PATTERNS])
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

  it('answers NUL, ids beyond int32, negative ids and 10k-character values with 4xx, never 500', async () => {
    for (const { method, pattern } of [...staffRoutes, ...taskRoutes]) {
      const attempts = [
        ...(pattern.includes(':id') || pattern.includes(':org')
          ? ['1%00', '2147483648', '-1', LONG].map((id) => withId(pattern, id))
          : []),
        `${withId(pattern, '1')}?q=%00${LONG}`,
      ];
      for (const url of attempts) {
        const status = (await call(admin, method, url, { name: `\u0000${LONG}`, code: LONG })).statusCode;
        expect(status, `${method} ${url.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(status, `${method} ${url.slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });
});
