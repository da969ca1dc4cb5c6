import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { captureLog } from '../test/log-capture';
import { freePort } from '../test/free-port';
import { ReadinessLog } from './readiness-log';

function watched() {
  const log = captureLog();
  const readiness = new ReadinessLog(pino({ level: 'info' }, log.stream));
  const entries = () =>
    log.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .map(({ time: _t, pid: _p, hostname: _h, ...rest }) => rest);
  return { readiness, entries, raw: log.lines };
}

describe('ReadinessLog', () => {
  it('logs the cause once per change of state, not once per probe', async () => {
    const { readiness, entries } = watched();
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const wrongPassword = Object.assign(new Error('password authentication failed for user "portal"'), {
      code: '28P01',
    });
    readiness.observe('database'); // a first probe that finds it up: nothing to say
    readiness.observe('database', refused);
    readiness.observe('database', refused);
    readiness.observe('database', wrongPassword);
    readiness.observe('database', wrongPassword);
    readiness.observe('database');
    readiness.observe('database');
    expect(entries()).toEqual([
      {
        level: 40,
        dependency: 'database',
        cause: 'network',
        errorCode: 'ECONNREFUSED',
        reason: 'connect ECONNREFUSED 10.0.0.5:5432',
        was: 'up',
        msg: 'readiness: database unreachable (network)',
      },
      {
        level: 40,
        dependency: 'database',
        cause: 'credentials',
        errorCode: '28P01',
        reason: 'password authentication failed for user "portal"',
        was: 'network',
        msg: 'readiness: database unreachable (credentials)',
      },
      { level: 30, dependency: 'database', msg: 'dependency reachable again' },
    ]);
  });

  it('keeps each dependency apart, and says full disk as such', () => {
    const { readiness, entries } = watched();
    readiness.observe(
      'file store',
      Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
    );
    readiness.observe('database');
    readiness.observe(
      'file store',
      Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
    );
    expect(entries()).toMatchObject([
      { level: 40, dependency: 'file store', cause: 'disk-full', errorCode: 'ENOSPC', was: 'unknown' },
    ]);
  });

  it("probes a real database: a refused role is credentials, a closed port network, never the URL's password", async () => {
    const { readiness, entries, raw } = watched();
    const url = new URL(inject('postgresAdminUrl'));
    url.username = 'no_such_role';
    url.password = 'secret-pw';
    const badRole = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    const noServer = await openDatabase({
      databaseUrl: `postgres://portal:secret-pw@127.0.0.1:${await freePort()}/portal`,
      poolSize: 1,
    });
    try {
      expect(await readiness.probe('database', (onFailure) => badRole.ping(onFailure))).toBe(false);
      expect(await readiness.probe('database', (onFailure) => noServer.ping(onFailure))).toBe(false);
      expect(entries()).toMatchObject([
        { dependency: 'database', cause: 'credentials', errorCode: '28000' },
        { dependency: 'database', cause: 'network', errorCode: 'ECONNREFUSED', was: 'credentials' },
      ]);
      expect(raw.join('')).not.toContain('secret-pw');
    } finally {
      await badRole.close();
      await noServer.close();
    }
  });
});
