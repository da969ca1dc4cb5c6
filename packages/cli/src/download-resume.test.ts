import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRecords } from '../../../apps/server/src/db/schema';
import { EXIT } from './exit-codes.ts';
import { type DownloadFixture, type Downloaded, startDownloadFixture } from './test/download-fixture.ts';
import { runCli, spawnCli } from './test/run-cli.ts';

/**
 * Downloads cut short (the process killed, the portal falling silent) and resumed from the
 * `.part`. Beside download.test.ts, on a portal of its own: the two files run side by side.
 */
const BIG_FILE_BYTES = 24 * 1024 * 1024;

let f: DownloadFixture;
let big: { id: number; fileName: string };

beforeAll(async () => {
  f = await startDownloadFixture();
  big = await f.publishVersion(randomBytes(BIG_FILE_BYTES));
});
afterAll(() => f?.close());

/** `fwportal download` of the big version into `out`, through the proxy, with `key` pinned. */
const bigThroughProxy = (out: string, key: string) => [
  'download',
  '--version-id',
  String(big.id),
  '--out',
  out,
  '--url',
  f.proxy.url,
  '--key',
  key,
];

describe('a download killed half way', () => {
  it('resumes from the .part with Range + If-Range and verifies', async () => {
    const out = f.work();
    // Through the slow proxy, with the token in the environment and the pinned key as a file.
    const { key, env: proxied } = f.throughProxy();
    const args = bigThroughProxy(out, key);
    f.proxy.mode.bytesPerSecond = 4 * 1024 * 1024;
    const child = spawnCli(args, proxied);
    child.stdin?.end();
    const part = path.join(out, String(big.id), `${big.fileName}.part`);
    for (let i = 0; i < 200 && !(existsSync(part) && statSync(part).size > 1024 * 1024); i += 1)
      await sleep(50);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    const kept = statSync(part).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(BIG_FILE_BYTES);

    f.proxy.mode.bytesPerSecond = 0;
    const run = await runCli([...args, '--json'], proxied);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    const [file] = JSON.parse(run.stdout).files as (Downloaded & { resumedFrom: number })[];
    expect(file?.status).toBe('resumed');
    expect(file?.resumedFrom).toBeGreaterThanOrEqual(kept);
    expect(existsSync(part)).toBe(false);
    expect((await runCli(['verify', out, '--key', key], proxied)).code).toBe(EXIT.ok);

    await f.portal.t.app.services.downloads.drain();
    const records = await f.portal.t.db
      .select({ range: downloadRecords.range, bytes: downloadRecords.bytes })
      .from(downloadRecords)
      .where(eq(downloadRecords.versionId, big.id));
    // The portal records the range it answered: from where the part ended to the file's end.
    const resumed = records.find(
      (record) => record.range === `bytes=${file?.resumedFrom}-${BIG_FILE_BYTES - 1}`,
    );
    expect(resumed?.bytes).toBe(BIG_FILE_BYTES - (file?.resumedFrom ?? 0));
  });
});

describe('a download the portal stops sending', () => {
  it('is aborted after --portal-timeout of silence and resumed from the .part', async () => {
    const out = f.work();
    // 3 s, not less: every request goes through the proxy under this limit, and on a loaded CI
    // machine the portal's own answers (the signed manifest) took over 0.5 s, failing the run
    // before the stall it is about.
    const { key, env: proxied } = f.throughProxy({ FWPORTAL_TIMEOUT: '3' });
    f.proxy.mode.stallOnceAfterBytes = 2 * 1024 * 1024;
    const started = Date.now();
    const run = await runCli([...bigThroughProxy(out, key), '--json'], proxied);
    expect(f.proxy.mode.stallOnceAfterBytes).toBe(0);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.stderr).toContain(`${big.fileName}: connection lost, resuming (attempt 1)`);
    const [file] = JSON.parse(run.stdout).files as (Downloaded & { resumedFrom: number })[];
    expect(file?.status).toBe('resumed');
    expect(file?.resumedFrom).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    expect((await runCli(['verify', out, '--key', key], proxied)).code).toBe(EXIT.ok);
  });
});
