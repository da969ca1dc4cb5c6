import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../test/free-port';
import { silentServerForBlock } from '../test/silent-server';
import { DatabaseConnectError, openDatabase } from './connection';

/** Why `migrate()` of a database at `url` failed (the pool itself is never used). */
async function migrateFailure(url: string, migrateConnectTimeoutMs = 5_000): Promise<DatabaseConnectError> {
  const database = await openDatabase({ databaseUrl: url, migrateConnectTimeoutMs });
  try {
    await database.migrate();
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseConnectError);
    return error as DatabaseConnectError;
  } finally {
    await database.close();
  }
  throw new Error('migrate() succeeded');
}

describe('the migration client connects within a limit and says why it could not', () => {
  const silentPort = silentServerForBlock();

  it('gives up on a server that never answers after the connect timeout', async () => {
    const error = await migrateFailure(`postgres://portal:secret-pw@127.0.0.1:${silentPort()}/portal`, 100);
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(
      `Database migration: could not connect to 127.0.0.1:${silentPort()}/portal within 100 ms: ` +
        'no answer in time (a firewall dropping packets, or a server too busy to accept)',
    );
  });

  it('says nothing listens when the port is closed', async () => {
    const port = await freePort();
    const error = await migrateFailure(`postgres://portal:secret-pw@127.0.0.1:${port}/portal`);
    expect(error.reason).toBe('network');
    expect(error.message).toContain(`could not connect to 127.0.0.1:${port}/portal`);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).not.toContain('secret-pw');
  });

  it('says credentials when PostgreSQL refuses the user', async () => {
    const url = new URL(inject('postgresAdminUrl'));
    url.username = 'no_such_role';
    url.password = 'secret-pw';
    const error = await migrateFailure(url.toString());
    expect(error.reason).toBe('credentials');
    expect(error.message).toContain('the user or password in DATABASE_URL was refused (28000');
    expect(error.message).not.toContain('secret-pw');
  });
});
