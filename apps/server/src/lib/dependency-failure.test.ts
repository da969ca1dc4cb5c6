import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { freePort } from '../test/free-port';
import { silentServerForBlock } from '../test/silent-server';
import {
  failedDependency,
  failureCause,
  failureCode,
  failureReason,
  withoutUrlCredentials,
} from './dependency-failure';
import { StoreUnavailableError } from './file-store/file-store';
import { dependencyUnavailable, diskFull } from './pg-errors';

/** The error a call rejects with. */
async function rejection(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A hung database. */
const silentPort = silentServerForBlock();

describe('failureCause on real node-postgres errors', () => {
  it('says credentials when PostgreSQL refuses the role (SQLSTATE 28000), naming the database', async () => {
    const url = new URL(inject('postgresAdminUrl'));
    url.username = 'no_such_role';
    url.password = 'secret-pw';
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      const error = await rejection(() => database.db.execute(sql`select 1`));
      expect(failureCause(error)).toBe('credentials');
      expect(failureCode(error)).toBe('28000');
      expect(failedDependency(error)).toBe('database');
      expect(dependencyUnavailable(error)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('says network when nothing listens at the address (ECONNREFUSED)', async () => {
    const port = await freePort();
    const database = await openDatabase({ databaseUrl: `postgres://u:secret-pw@127.0.0.1:${port}/db` });
    try {
      const error = await rejection(() => database.db.execute(sql`select 1`));
      expect(failureCause(error)).toBe('network');
      expect(failureCode(error)).toBe('ECONNREFUSED');
      expect(failedDependency(error)).toBe('database');
      expect(dependencyUnavailable(error)).toBe(true);
      expect(failureReason(error)).not.toContain('secret-pw');
    } finally {
      await database.close();
    }
  });

  it('says timeout when the server accepts and never answers (pg-pool, which gives no code)', async () => {
    const database = await openDatabase({
      databaseUrl: `postgres://u:secret-pw@127.0.0.1:${silentPort()}/db`,
      poolTimeoutMs: 50,
    });
    try {
      const error = await rejection(() => database.db.execute(sql`select 1`));
      expect(failureCause(error)).toBe('timeout');
      expect(failedDependency(error)).toBe('database');
      expect(dependencyUnavailable(error)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('says closed for a pool the portal has ended', async () => {
    const pool = new pg.Pool({ connectionString: inject('postgresAdminUrl') });
    await pool.end();
    const error = await rejection(() => pool.query('select 1'));
    expect(failureCause(error)).toBe('closed');
    expect(dependencyUnavailable(error)).toBe(true);
  });
});

describe('failureCause by code', () => {
  const coded = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

  it.each([
    ['28P01', 'credentials'],
    ['ENOTFOUND', 'network'],
    ['EHOSTUNREACH', 'network'],
    ['ECONNRESET', 'network'],
    ['08006', 'network'],
    ['ETIMEDOUT', 'timeout'],
    ['57014', 'timeout'],
    ['53300', 'saturated'],
    ['57P01', 'restarting'],
    ['EACCES', 'permission'],
    ['ENOSPC', 'disk-full'],
    ['53100', 'disk-full'],
    ['42P01', 'other'],
  ])('%s is %s', (code, cause) => {
    expect(failureCause(coded(code))).toBe(cause);
  });

  it('finds the code under the file store and drizzle wrappers, and names the dependency', () => {
    const socket = coded('ECONNREFUSED');
    const store = new StoreUnavailableError(new AggregateError([socket]));
    expect(failureCause(store)).toBe('network');
    expect(failedDependency(store)).toBe('file store');
    expect(failureCode(store)).toBe('ECONNREFUSED');
    const full = new DrizzleQueryError('insert into files …', [], coded('53100'));
    expect(failureCause(full)).toBe('disk-full');
    expect(failedDependency(full)).toBe('database');
    expect(failedDependency(coded('ENOSPC'))).toBe('disk');
  });

  it('says credentials for an S3 server refusing the keys (HTTP 403, no code)', () => {
    const refused = Object.assign(new Error('The AWS Access Key Id you provided does not exist'), {
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    expect(failureCause(refused)).toBe('credentials');
    expect(failureCode(refused)).toBe('InvalidAccessKeyId (403)');
  });

  it('reads node-postgres words only on an error without a code, and only the exact message', () => {
    // Another library's words that begin the same way are not node-postgres's.
    expect(dependencyUnavailable(new Error('Connection terminated by the SMTP server'))).toBe(false);
    expect(dependencyUnavailable(Object.assign(new Error('Connection terminated'), { code: 'XX000' }))).toBe(
      false,
    );
    expect(dependencyUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(diskFull(new AggregateError([coded('ENOSPC')]))).toBe(true);
  });
});

describe('withoutUrlCredentials', () => {
  it('hides the user and password of every URL in a message', () => {
    expect(
      withoutUrlCredentials(
        'connect to postgres://portal:s3cr3t@db:5432/portal failed; http://a:b@s3.local/x',
      ),
    ).toBe('connect to postgres://***@db:5432/portal failed; http://***@s3.local/x');
  });
});
