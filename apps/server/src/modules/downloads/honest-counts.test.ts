import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DashboardStats, DownloadRecordPage } from '@portal/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, downloadRecords } from '../../db/schema';
import { publicItemCode } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { DOWNLOAD_COUNT_WINDOW_MS } from './download.service';
import { addVersion } from './downloads-test-kit';

const run = promisify(execFile);
const SIZE = 16 * 1024 * 1024;

/**
 * Honest counts (issue 17 §3): one download counts once however many connections carry it, a
 * probe never counts, and the version, the dashboard and the personal center agree.
 */
describe.each(DRIVERS)('download counts on %s', (driver) => {
  let t: TestApp;
  let origin: string;
  let work: string;
  let customer: { id: number; token: string };
  let itemCode: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    itemCode = await publicItemCode(t);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    work = mkdtempSync(path.join(tmpdir(), 'honest-counts-'));
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    customer = { id: user.id, token: await tokenFor(t.app, user.account, user.password) };
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  const countOf = async (versionId: number) => {
    await t.app.services.downloads.drain();
    const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, versionId));
    return row?.downloadCount;
  };
  const recordsOf = async (versionId: number) =>
    (
      await t.db.select({ n: count() }).from(downloadRecords).where(eq(downloadRecords.versionId, versionId))
    )[0]?.n;

  it('counts aria2c -x8 once, a probe never, and curl -C - resuming once', async () => {
    const version = await addVersion(t, { itemCode, fileName: 'counted.iso', size: SIZE });
    const url = `${origin}/api/downloads/${version.id}`;
    const header = `Authorization: Bearer ${customer.token}`;

    // Probes of the last byte, and of the first few.
    await run('curl', ['-s', '-o', '/dev/null', '-H', header, '-r', '-1', url]);
    await run('curl', ['-s', '-o', '/dev/null', '-H', header, '-r', '0-15', url]);
    expect(await countOf(version.id)).toBe(0);

    // Eight connections of one download. The download is held to 16 MiB/s (a second), so the
    // first connection cannot finish the file alone before the others join, and a
    // connection answered 503 while the machine is saturated (the pool's wait) is retried after
    // a second, as Retry-After asks, instead of leaving its share to the first.
    await run('aria2c', [
      '-q',
      '-x',
      '8',
      '-s',
      '8',
      '-k',
      '1M',
      '--max-download-limit=16M',
      '--retry-wait=1',
      // A retry of this test finds the last attempt's file: replaced, never renamed a.1.iso.
      '--allow-overwrite=true',
      `--header=${header}`,
      '-d',
      work,
      '-o',
      'a.iso',
      url,
    ]);
    expect(
      createHash('sha256')
        .update(readFileSync(path.join(work, 'a.iso')))
        .digest('hex'),
    ).toBe(version.sha256);
    // Several connections, each a record of its own (two records are the probes).
    expect(await recordsOf(version.id)).toBeGreaterThanOrEqual(2 + 2);
    expect(await countOf(version.id)).toBe(1);

    // Later (past the window): a download cut at half, then resumed by curl -C -: one more.
    t.clock.advance(DOWNLOAD_COUNT_WINDOW_MS + 1000);
    const target = path.join(work, 'c.iso');
    await run('curl', ['-s', '-H', header, '-r', `0-${SIZE / 2 - 1}`, '-o', target, url]);
    expect(await countOf(version.id)).toBe(1);
    await run('curl', ['-s', '--fail', '-H', header, '-C', '-', '-o', target, url]);
    expect(createHash('sha256').update(readFileSync(target)).digest('hex')).toBe(version.sha256);
    expect(await countOf(version.id)).toBe(2);

    // Every count the portal shows is the same: the personal center and the dashboard.
    const mine = await withToken<DownloadRecordPage>(t.app, customer.token, {
      url: '/api/sysUser/downloadRecords?pageSize=50',
    });
    expect(mine.body.data.rows.filter((row) => row.versionId === version.id)).toHaveLength(2);
    const admin = await adminToken(t.app);
    const stats = await withToken<DashboardStats>(t.app, admin, { url: '/api/dashboard/stats?days=7' });
    const [counted] = await t.db
      .select({ n: count() })
      .from(downloadRecords)
      .where(and(eq(downloadRecords.counted, true)));
    expect(stats.body.data.totals.downloads).toBe(counted?.n);
    const versions = await t.db.select({ n: catalogVersions.downloadCount }).from(catalogVersions);
    expect(versions.reduce((sum, row) => sum + row.n, 0)).toBe(counted?.n);
  }, 120_000);
});
