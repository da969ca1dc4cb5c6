import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindSerial, createModel, createServer } from '../test/catalog-factories';
import { publishedItem } from '../test/download-fixtures';
import { signedInUser } from '../test/signed-in-user';
import { adminToken, createTestApp, type Driver, type TestApp } from '../test/test-app';

type Parameter = { in: string; name: string; schema?: { type?: string } };
type Operation = { method: string; path: string; parameters: Parameter[] };

/** Every documented operation with path or query parameters. */
function operations(t: TestApp): Operation[] {
  const document = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
      }))
      .filter((operation) => operation.parameters.some((p) => p.in === 'path' || p.in === 'query')),
  );
}

const BAD_VALUES = {
  nul: 'a%00b',
  int32: '2147483648',
  huge: '99999999999999999999999',
  long: 'x'.repeat(100_000),
};

/**
 * A NUL byte, ids past int32 and over-long strings in every path and query parameter, as a
 * customer and as a super admin: always a 4xx envelope in the reader's language, never a 500.
 * About 1,600 requests a driver: one file per driver (input-guard-pglite.test.ts,
 * input-guard-postgres.test.ts), so the two run side by side.
 */
export const describeInputGuard = (only: Driver) =>
  describe.each([only])('bad input on every route (%s)', (driver) => {
    let t: TestApp;
    let tokens: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp(driver);
      // Rows for the routes to read past: a customer with a verified server, a published version.
      const customer = await signedInUser(t, { roleCodes: ['customer'], organisation: 'Guarded Co' });
      const model = await createModel(t.db);
      const server = await createServer(t.db, { modelId: model.id, customer: 'Guarded Co' });
      await bindSerial(t.db, customer.id, server.sn);
      await publishedItem(t, { visibility: 'restricted', modelIds: [model.id] });
      tokens = {
        customer: customer.token,
        admin: await adminToken(t.app),
      };
    }, 60_000);
    afterAll(() => t.close());

    it('answers 4xx with the envelope, never 5xx', async () => {
      const ops = operations(t);
      expect(ops.length).toBeGreaterThan(30);
      const failures: string[] = [];
      for (const [who, token] of Object.entries(tokens))
        for (const [kind, value] of Object.entries(BAD_VALUES))
          for (const op of ops) {
            let url = op.path.replace(/\{[^}]+\}/g, value);
            const query = op.parameters.filter((p) => p.in === 'query' && p.name !== 'locale');
            const search = query.map((p) => `${p.name}=${value}`).join('&');
            url += `?locale=zh-CN${search ? `&${search}` : ''}`;
            const response = await t.app.inject({
              method: op.method as 'GET',
              url,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: '{}' }),
            });
            const json = String(response.headers['content-type']).includes('json');
            const body = (json ? response.json() : {}) as { success?: boolean; message?: string };
            const fine =
              response.statusCode < 500 &&
              (response.statusCode < 400 || (body.success === false && typeof body.message === 'string'));
            if (!fine)
              failures.push(
                `${who} ${kind} ${op.method} ${op.path}: ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
          }
      expect(failures).toEqual([]);
    }, 300_000);

    it('says what was wrong in the reader language', async () => {
      const nul = await t.app.inject({
        url: '/api/catalog/versions?keyword=a%00b&locale=en-US',
        headers: { authorization: `Bearer ${tokens.customer}` },
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().data).toEqual([{ field: 'keyword', message: 'must not contain a NUL character' }]);
      const big = await t.app.inject({
        url: '/api/catalog/versions/2147483648?locale=zh-CN',
        headers: { authorization: `Bearer ${tokens.customer}` },
      });
      expect(big.statusCode).toBeGreaterThanOrEqual(400);
      expect(big.statusCode).toBeLessThan(500);
      expect(big.json().message).toMatch(/[\u4e00-\u9fff]/);
      const body = await t.app.inject({
        method: 'POST',
        url: '/api/sysUser/updateInfo?locale=en-US',
        headers: { authorization: `Bearer ${tokens.customer}` },
        payload: { nickName: 'a\u0000b', name: '', company: '', industry: '', locale: 'en-US' },
      });
      expect(body.statusCode).toBe(400);
      expect(body.json().data).toEqual([{ field: 'nickName', message: 'must not contain a NUL character' }]);
    });
  });
