import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogVersionRow, Page } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, downloadRecords } from '../../db/schema';
import { publicItemCode } from '../../test/download-fixtures';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { addVersion } from './downloads-test-kit';

const CURL = '/usr/bin/curl';
const SIZE = 32 * 1024 * 1024;

/** Runs curl; resolves with its exit code. */
function curl(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    execFile(CURL, ['--silent', '--show-error', ...args], { timeout: 60_000 }, (error) =>
      resolve(error ? Number((error as { code?: number }).code ?? 1) : 0),
    );
  });
}

/**
 * Starts a slowed-down curl and stops it (as a person pressing Ctrl-C) once it has written part of
 * the file: cut by what arrived, not by a clock, so a busy machine whose first byte takes over a
 * second still leaves a truncated file (a one-second --max-time left none on CI once).
 */
async function interruptedCurl(target: string, url: string): Promise<void> {
  const child = spawn(CURL, ['--silent', '--limit-rate', '256K', '-o', target, url], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await until('curl wrote part of the file', async () =>
      existsSync(target) && statSync(target).size >= 64 * 1024 ? true : undefined,
    );
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

describe.each(DRIVERS)('a real curl resuming an interrupted download on %s', (driver) => {
  let t: TestApp;
  let origin: string;
  let work: string;
  let itemCode: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    itemCode = await publicItemCode(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    work = mkdtempSync(path.join(tmpdir(), 'curl-resume-'));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('ends with a file whose SHA-256 is the one the catalogue lists, counted once', async () => {
    const version = await addVersion(t, {
      itemCode,
      fileName: 'livecd-big.tar.gz',
      size: SIZE,
    });
    const url = `${origin}/api/downloads/${version.id}`;
    const target = path.join(work, 'livecd-big.tar.gz');

    // First transfer: slowed down and interrupted, leaving a truncated file (the file is larger
    // than what the kernel's socket buffers absorb, so the portal sees the client go away).
    await interruptedCurl(target, url);
    const truncated = statSync(target).size;
    expect(truncated).toBeGreaterThan(0);
    expect(truncated).toBeLessThan(SIZE);

    // Resume: curl asks for `Range: bytes=<what it has>-`.
    expect(await curl(['--fail', '-C', '-', '-o', target, url])).toBe(0);
    const bytes = readFileSync(target);
    expect(bytes.length).toBe(SIZE);

    const response = await fetch(`${origin}/api/public/catalog/versions?item=${itemCode}&pageSize=100`);
    const list = (await response.json()) as { data: Page<CatalogVersionRow> };
    const listed = list.data.rows.find((r) => r.versionId === version.id);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(listed?.sha256);

    await t.app.services.downloads.drain();
    const records = await t.db
      .select()
      .from(downloadRecords)
      .where(eq(downloadRecords.versionId, version.id))
      .orderBy(downloadRecords.id);
    expect(records.map((r) => [r.status, r.range])).toEqual([
      ['partial', ''],
      ['complete', `bytes=${truncated}-${SIZE - 1}`],
    ]);
    // The cut transfer's record holds roughly what curl kept (socket buffers may hold a little more).
    expect(records[0]?.bytes).toBeGreaterThanOrEqual(truncated);
    expect(records[0]?.bytes).toBeLessThan(SIZE);
    expect(records[1]?.bytes).toBe(SIZE - truncated);
    const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, version.id));
    expect(row?.downloadCount).toBe(1);
    // The aborted transfer gave its chunk-budget slot back too.
    expect(t.app.services.downloads.chunks.streaming).toBe(0);
  });

  it('serves parallel segments (as multi-connection clients fetch) that join into the file', async () => {
    const version = await addVersion(t, {
      itemCode,
      fileName: 'segments.tar.gz',
      size: 3_000_001,
    });
    const url = `${origin}/api/downloads/${version.id}`;
    const cuts = [0, 1_000_000, 2_000_000, 3_000_001];
    const parts = cuts.slice(0, -1).map((start, i) => path.join(work, `part-${i}-${start}`));
    const codes = await Promise.all(
      parts.map((file, i) =>
        curl(['--fail', '--range', `${cuts[i]}-${(cuts[i + 1] ?? 0) - 1}`, '-o', file, url]),
      ),
    );
    expect(codes).toEqual([0, 0, 0]);
    const joined = Buffer.concat(parts.map((file) => readFileSync(file)));
    expect(joined.equals(version.bytes)).toBe(true);
    await t.app.services.downloads.drain();
    const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, version.id));
    expect(row?.downloadCount).toBe(1);
  });
});
