import { ErrorCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { tokenFor } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Where the staff application's endpoints live; every path under them needs a permission. */
const STAFF_PREFIXES = [
  '/api/sysUser/page',
  '/api/sysUser/roleOptions',
  '/api/sysUser/{id}',
  '/api/sysRole/',
  '/api/sysMenu/',
  '/api/sysDictType/add',
  '/api/sysDictType/list',
  '/api/sysDictType/{id}',
  '/api/sysDictData/',
  '/api/sysAudit/',
  '/api/sysMessage/outbox',
  '/api/dashboard/',
  '/api/publishing/',
  '/api/releaseNote/manage',
  '/api/activation/manage/',
];

/** Under those prefixes but every signed-in user's: switching the active application. */
const OPEN_TO_EVERY_USER = ['/api/sysMenu/change'];

type Operation = { method: string; url: string };

/** Every documented operation under the staff prefixes, with path parameters filled in. */
function staffOperations(t: TestApp): Operation[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => STAFF_PREFIXES.some((prefix) => path.startsWith(prefix)))
    .filter(([path]) => !OPEN_TO_EVERY_USER.includes(path))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
    );
}

describe('staff endpoints without the permission', () => {
  let t: TestApp;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    customer = await tokenFor(t.app, user.account, user.password);
  }, 60_000);
  afterAll(() => t.close());

  it('are all refused with 403 and 1013002 naming the path, before the input is even looked at', async () => {
    const operations = staffOperations(t);
    // The application's parts: users, roles, menus, dictionaries, audit, outbox, dashboard,
    // publishing, portal release notes and entitlements.
    expect(operations.length).toBeGreaterThan(40);
    const answers = await Promise.all(
      operations.map(async (operation) => {
        const response = await t.app.inject({
          method: operation.method as 'GET',
          url: `${operation.url}?locale=en-US`,
          headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
          ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        const body = response.json() as { code: number; message: string };
        return { ...operation, status: response.statusCode, code: body.code, message: body.message };
      }),
    );
    const refused = answers.filter((a) => a.status === 403 && a.code === ErrorCode.NO_PERMISSION_RESOURCE);
    expect(answers.filter((a) => !refused.includes(a))).toEqual([]);
    for (const answer of refused) expect(answer.message).toContain(answer.url);
  });
});
