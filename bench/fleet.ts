// Benchmark: `fwportal download` of a 10-server fleet's firmware (resolve, signed sums and
// manifests, parallel transfer, SHA-256 of every byte) against aria2c fetching the same files
// with the same token and parallelism, in the same run. See bench/README.md.

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { catalogVersions } from '../apps/server/src/db/schema';
import type { FleetResolve } from '../packages/cli/src/portal-api';
import { bindServers } from '../packages/cli/src/test/fleet-servers';
import { customerWithFwportal, fwportal } from './support/fwportal';
import { type BenchPortal, startPortalApp, TOKEN_QUOTAS_OFF } from './support/portal';
import { envNumber } from './support/env-number';

const PARALLEL = envNumber('BENCH_PARALLEL', 4);
const ARIA2C = process.env.ARIA2C ?? '/usr/bin/aria2c';
const MiB = 1024 * 1024;
/** Realistic firmware sizes per kind (MiB); the three models give 11 distinct files. */
const SIZE_MIB: Record<string, number> = { BMC: 48, BIOS: 32, PSU: 8, DISK: 16, NIC: 24, CPLD: 4, RAID: 32 };
/** 10 servers: 4 M7-2U (seven kinds), 3 M6-1U and 3 A7-2U (BMC and BIOS). */
const FLEET: [string, number][] = [
  ['M7-2U', 4],
  ['M6-1U', 3],
  ['A7-2U', 3],
];

const run = promisify(execFile);

/** Random bytes of `size` written through the portal's store under the version's key; the row follows. */
async function replaceFile(portal: BenchPortal, versionId: number, size: number) {
  const [version] = await portal.db.select().from(catalogVersions).where(eq(catalogVersions.id, versionId));
  if (!version?.storageKey) throw new Error(`version ${versionId} has no stored file`);
  const bytes = randomBytes(size);
  await portal.app.services.store.put(version.storageKey, Readable.from([bytes]));
  await portal.db
    .update(catalogVersions)
    .set({
      fileSize: size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      md5: createHash('md5').update(bytes).digest('hex'),
    })
    .where(eq(catalogVersions.id, versionId));
}

async function resolveFleet(url: string, token: string, sns: string[]): Promise<FleetResolve> {
  const answer = await fetch(`${url}/api/fleet/resolve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sns }),
  });
  return ((await answer.json()) as { data: FleetResolve }).data;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e9];
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-'));
  const portal = await startPortalApp({ config: TOKEN_QUOTAS_OFF });
  try {
    const { customer, env } = await customerWithFwportal(portal, ['catalog:read', 'download'], dir);
    const sns: string[] = [];
    for (const [model, count] of FLEET) {
      const own = Array.from({ length: count }, (_, i) => `BENCH-${model}-${i + 1}`);
      await bindServers(portal.db, customer.id, own, model);
      sns.push(...own);
    }
    const snFile = path.join(dir, 'sns.txt');
    writeFileSync(snFile, `${sns.join('\n')}\n`);
    const { token } = JSON.parse(
      readFileSync(path.join(env.XDG_CONFIG_HOME!, 'fwportal', 'config.json'), 'utf8'),
    ) as { token: string };

    // The files the fleet resolves to get realistic sizes before anything is measured.
    const versions = new Map<number, string>();
    for (const server of (await resolveFleet(portal.url, token, sns)).servers)
      for (const f of server.firmware) versions.set(f.versionId, f.component);
    for (const [versionId, kind] of versions)
      await replaceFile(portal, versionId, (SIZE_MIB[kind] ?? 16) * MiB);
    const totalBytes = [...versions.values()].reduce((sum, kind) => sum + (SIZE_MIB[kind] ?? 16) * MiB, 0);
    console.log(
      `fleet: ${sns.length} servers, ${versions.size} distinct files, ${(totalBytes / MiB).toFixed(0)} MiB; parallel ${PARALLEL}; ${os.cpus().length} cores`,
    );

    // fwportal: resolve + signed files + transfer + verify, from a cold start of the command.
    const cliOut = path.join(dir, 'cli');
    const [cli, cliSeconds] = await timed(() =>
      fwportal(
        ['download', '--sn-file', snFile, '--out', cliOut, '--parallel', String(PARALLEL), '--json'],
        env,
      ),
    );
    if (cli.code !== 0) throw new Error(`fwportal download failed (${cli.code}): ${cli.stderr}`);

    // aria2c: the same files and token, one connection per file, PARALLEL files at once, SHA-256 checked.
    const seen = new Set<number>();
    const lines: string[] = [];
    for (const server of (await resolveFleet(portal.url, token, sns)).servers)
      for (const f of server.firmware) {
        if (seen.has(f.versionId)) continue;
        seen.add(f.versionId);
        lines.push(
          `${portal.url}${f.downloadPath}`,
          `  out=${f.versionId}/${f.fileName}`,
          `  checksum=sha-256=${f.sha256}`,
        );
      }
    const inputFile = path.join(dir, 'aria2.txt');
    writeFileSync(inputFile, `${lines.join('\n')}\n`);
    const [, ariaSeconds] = await timed(() =>
      run(ARIA2C, [
        `--header=Authorization: Bearer ${token}`,
        `-j${PARALLEL}`,
        '-x1',
        '-s1',
        '--file-allocation=none',
        '--console-log-level=warn',
        '--summary-interval=0',
        '--download-result=hide',
        '--check-integrity=true',
        `-d${path.join(dir, 'aria2c')}`,
        `-i${inputFile}`,
      ]),
    );

    const rate = (seconds: number) => totalBytes / MiB / seconds;
    console.log('');
    console.log('| client | wall time | bytes | MiB/s |');
    console.log('| --- | ---: | ---: | ---: |');
    console.log(
      `| fwportal download (resolve + verify) | ${cliSeconds.toFixed(2)} s | ${totalBytes} | ${rate(cliSeconds).toFixed(0)} |`,
    );
    console.log(
      `| aria2c -j${PARALLEL} -x1 (sha-256 checked) | ${ariaSeconds.toFixed(2)} s | ${totalBytes} | ${rate(ariaSeconds).toFixed(0)} |`,
    );
    console.log('');
    console.log(`fwportal / aria2c throughput: ${(ariaSeconds / cliSeconds).toFixed(2)}x`);
  } finally {
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
