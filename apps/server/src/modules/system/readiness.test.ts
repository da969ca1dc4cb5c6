import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadRecords } from '../../db/schema';
import { publishedItem } from '../../test/download-fixtures';
import { captureLog } from '../../test/log-capture';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { sha256 } from '../downloads/downloads-test-kit';

/** Listens on a free port with a public 24 MB version to download: long enough to cut short. */
async function serveLargeVersion(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const { version } = await publishedItem(t, { kind: 'LIVECD', visibility: 'public', size: 24_000_000 });
  return { port, version };
}

describe.each(DRIVERS)('liveness and readiness (%s)', (driver) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('is ready while the database and the file store answer', async () => {
    t = await createTestApp(driver);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json().data).toEqual({ ready: true, database: 'up', storage: 'up', draining: false });
  });

  it('is not ready while the file store cannot be written, and ready again once it can', async () => {
    const log = captureLog();
    t = await createTestApp(driver, { logTo: log.stream });
    const filesRoot = path.join(t.dataDir, 'files');
    rmSync(filesRoot, { recursive: true, force: true });
    writeFileSync(filesRoot, 'a file where the folder should be');
    const down = await t.app.inject({ url: '/api/ready' });
    await t.app.inject({ url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      success: false,
      data: { ready: false, database: 'up', storage: 'down', draining: false },
    });
    // Liveness stays green: restarting the process would not fix the storage.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    rmSync(filesRoot);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    // Why, once per change (two failed probes, one line), and when it is back.
    const readinessLines = log.lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.dependency !== undefined);
    expect(readinessLines).toMatchObject([
      {
        level: 40,
        dependency: 'file store',
        errorCode: 'EEXIST',
        msg: 'readiness: file store unreachable (other)',
      },
      { level: 30, dependency: 'file store', msg: 'dependency reachable again' },
    ]);
  });

  it('is not ready while the database is unreachable; liveness says degraded but answers 200', async () => {
    const log = captureLog();
    t = await createTestApp(driver, { logTo: log.stream });
    await t.database.close();
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data).toMatchObject({ ready: false, database: 'down', storage: 'up' });
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({ status: 'degraded', database: 'down' });
    // Its connection was closed under it (pool ended, PGlite closed): said once for both probes.
    const readinessLines = log.lines.map((line) => JSON.parse(line)).filter((line) => line.dependency);
    expect(readinessLines).toMatchObject([{ level: 40, dependency: 'database', cause: 'closed' }]);
  });
});

describe('graceful shutdown drains what is in flight', () => {
  it('finishes a download already started (bytes and record), refuses new connections meanwhile', async () => {
    const t = await createTestApp('pglite');
    try {
      const { port, version } = await serveLargeVersion(t);

      const chunks: Buffer[] = [];
      let response: http.IncomingMessage | undefined;
      const finished = new Promise<void>((resolve, reject) => {
        const request = http.get(`http://127.0.0.1:${port}/api/downloads/${version.id}`, (answer) => {
          response = answer;
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', resolve);
          answer.on('error', reject);
          // A slow client: the first bytes, then nothing until the shutdown has begun.
          answer.pause();
        });
        request.on('error', reject);
      });
      await until('the download to start', async () => response ?? undefined);

      const closed = t.app.close();
      // The listener is gone: a new connection is refused while the old one is served.
      await until('new connections to be refused', async () => {
        const refused = await new Promise<boolean>((resolve) => {
          const probe = http.get(`http://127.0.0.1:${port}/api/ready`, (answer) => {
            answer.resume();
            resolve(false);
          });
          probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
        });
        return refused || undefined;
      });
      response?.resume();
      await finished;
      await closed;

      const body = Buffer.concat(chunks);
      expect(body.length).toBe(24_000_000);
      expect(sha256(body)).toBe(version.sha256);
      const records = await t.db
        .select()
        .from(downloadRecords)
        .where(eq(downloadRecords.versionId, version.id));
      expect(records.map((record) => record.status)).toEqual(['complete']);
    } finally {
      await t.close().catch(() => undefined);
    }
  }, 60_000);
});

describe('a process killed in the middle of a download', () => {
  it("leaves the download's record (written before the first byte), never none", async () => {
    const t = await createTestApp('pglite');
    try {
      const { port, version } = await serveLargeVersion(t);
      let response: http.IncomingMessage | undefined;
      const request = http.get(`http://127.0.0.1:${port}/api/downloads/${version.id}`, (answer) => {
        response = answer;
        answer.pause();
      });
      request.on('error', () => undefined);
      await until('the download to start', async () => response ?? undefined);
      // Like kill -9 for this request: no 'finish', no 'close' handler gets to write anything
      // after this point that was not written already.
      const rows = await t.db.select().from(downloadRecords).where(eq(downloadRecords.versionId, version.id));
      expect(rows.map((row) => ({ status: row.status, counted: row.counted }))).toEqual([
        { status: 'started', counted: false },
      ]);
      request.destroy();
    } finally {
      await t.close().catch(() => undefined);
    }
  }, 60_000);
});
