import { ErrorCode } from '@portal/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { ManualClock } from '../lib/clock';
import { StoreUnavailableError } from '../lib/file-store/file-store';
import { UNAVAILABLE_WARNING_EVERY_MS } from './error-handler';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('error envelope', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logged: string[] = [];
  const clock = new ManualClock();

  beforeAll(async () => {
    const database = await openDatabase({});
    await database.migrate();
    const stream = { write: (line: string) => logged.push(line) };
    app = await buildApp({
      config: loadConfig({ CAPTCHA: 'off', WEB_DIST_DIR: '/nonexistent' }),
      database,
      clock,
      logger: { level: 'warn', stream },
    });
    app.get('/api/test/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    app.get('/api/test/store-refused', async () => {
      throw new StoreUnavailableError(coded('connect ECONNREFUSED 10.0.0.9:9000', 'ECONNREFUSED'));
    });
    app.get('/api/test/database-restarting', async () => {
      const terminated = coded('terminating connection due to administrator command', '57P01');
      throw new DrizzleQueryError('select 1', [], terminated);
    });
    app.get('/api/test/disk-full', async () => {
      throw coded('ENOSPC: no space left on device, write', 'ENOSPC');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await app.services.database.close();
  });

  it('answers malformed JSON with 1015002', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login?locale=en-US',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": "admin", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: ErrorCode.JSON_MALFORMED,
      message: 'The request body is not valid JSON',
      data: null,
    });
  });

  it('answers an unknown /api path with 404 and the envelope', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/no/such/thing?x=1',
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: ErrorCode.URL_NOT_FOUND,
      message: 'URL does not exist: /api/no/such/thing',
      data: null,
    });
  });

  it('hides the internals of unexpected errors and logs them with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom?locale=zh-CN' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe(ErrorCode.SERVER_ERROR);
    expect(JSON.stringify(body)).not.toContain('secret');
    const requestId = response.headers['x-request-id'];
    expect(body.message).toBe(`服务器异常，请联系管理员（请求编号 ${requestId}）`);
    const entry = logged.map((line) => JSON.parse(line)).find((line) => line.reqId === requestId);
    expect(entry?.err?.message).toContain('secret connection string');
  });

  it('picks the language from Accept-Language when no locale is given, zh-CN by default', async () => {
    const english = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'fr;q=1, en-GB;q=0.8' },
    });
    expect(english.json().message).toMatch(/^URL does not exist/);
    const fallback = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'fr' },
    });
    expect(fallback.json().message).toMatch(/^请求地址不存在/);
  });

  it('logs an outage once per dependency and cause per period, with a count of the lines held back', async () => {
    const warnings = () =>
      logged
        .map((line) => JSON.parse(line))
        .filter((line) => line.level === 40)
        .map(({ msg, dependency, cause, suppressed, errorCode }) => ({
          msg,
          dependency,
          cause,
          suppressed,
          errorCode,
        }));
    const get = (url: string) => app.inject({ url });
    logged.length = 0;
    for (let i = 0; i < 5; i++) expect((await get('/api/test/store-refused')).statusCode).toBe(503);
    for (let i = 0; i < 3; i++) expect((await get('/api/test/database-restarting')).statusCode).toBe(503);
    for (let i = 0; i < 3; i++) expect((await get('/api/test/disk-full')).statusCode).toBe(507);
    expect(warnings()).toEqual([
      {
        msg: 'dependency unavailable',
        dependency: 'file store',
        cause: 'network',
        suppressed: 0,
        errorCode: 'ECONNREFUSED',
      },
      {
        msg: 'dependency unavailable',
        dependency: 'database',
        cause: 'restarting',
        suppressed: 0,
        errorCode: '57P01',
      },
      { msg: 'disk full', dependency: 'disk', cause: 'disk-full', suppressed: 0, errorCode: 'ENOSPC' },
    ]);
    logged.length = 0;
    clock.advance(UNAVAILABLE_WARNING_EVERY_MS - 1);
    await get('/api/test/store-refused');
    expect(warnings()).toEqual([]);
    clock.advance(1);
    await get('/api/test/store-refused');
    await get('/api/test/disk-full');
    expect(warnings()).toMatchObject([
      { dependency: 'file store', cause: 'network', suppressed: 5 },
      { msg: 'disk full', suppressed: 2 },
    ]);
  });
});
