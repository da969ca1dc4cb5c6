// Benchmark: `fwportal download` of a 10-server fleet's firmware (resolve, signed sums and
// manifests, parallel transfer, SHA-256 of every byte) against aria2c fetching the same files
// with the same token and parallelism, in the same run. See bench/README.md.

import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { catalogVersions } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { seedCatalog } from '../apps/server/src/db/seed/seed-catalog';
import { createUser } from '../apps/server/src/test/factories';
import { bindServers } from '../packages/cli/src/test/fleet-servers';
import type { FleetResolve } from '../packages/cli/src/portal-api';

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4);
const ARIA2C = process.env.ARIA2C ?? '/usr/bin/aria2c';
const CLI_MAIN = path.resolve(import.meta.dirname, '../packages/cli/src/main.ts');
const MiB = 1024 * 1024;
/** Realistic firmware sizes per kind (MiB); the three models give 11 distinct files. */
const SIZE_MIB: Record<string, number> = { BMC: 48, BIOS: 32, PSU: 8, DISK: 16, NIC: 24, CPLD: 4, RAID: 32 };
/** 10 servers: 4 M7-2U (seven kinds), 3 M6-1U and 3 A7-2U (BMC and BIOS). */
const FLEET: [string, number][] = [
  ['M7-2U', 4],
  ['M6-1U', 3],
  ['A7-2U', 3],
];
const PASSWORD = 'Bench#Pass1';

const run = promisify(execFile);

/** The portal in this process on loopback: file-backed PGlite, demo catalogue, token quotas out of the way. */
async function startPortal(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDatabase(database.db, { admin: PASSWORD, demo: PASSWORD });
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    TASK_WORKERS: '0',
    API_TOKEN_REQUESTS_PER_MINUTE: '100000',
    API_ACCOUNT_REQUESTS_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, database, logger: false });
  await seedCatalog(database.db, app.services.store);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, url };
}

/** Random bytes of `size` written through the portal's store under the version's key; the row follows. */
async function replaceFile(portal: Awaited<ReturnType<typeof startPortal>>, versionId: number, size: number) {
  const [version] = await portal.database.db
    .select()
    .from(catalogVersions)
    .where(eq(catalogVersions.id, versionId));
  if (!version?.storageKey) throw new Error(`version ${versionId} has no stored file`);
  const bytes = randomBytes(size);
  await portal.app.services.store.put(version.storageKey, Readable.from([bytes]));
  await portal.database.db
    .update(catalogVersions)
    .set({
      fileSize: size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      md5: createHash('md5').update(bytes).digest('hex'),
    })
    .where(eq(catalogVersions.id, versionId));
}

function fwportal(args: string[], env: NodeJS.ProcessEnv, input = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.stdin.end(input);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
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
  const portal = await startPortal(path.join(dir, 'portal'));
  try {
    const customer = await createUser(portal.database.db, { roleCodes: ['customer'], password: PASSWORD });
    const sns: string[] = [];
    for (const [model, count] of FLEET) {
      const own = Array.from({ length: count }, (_, i) => `BENCH-${model}-${i + 1}`);
      await bindServers(portal.database.db, customer.id, own, model);
      sns.push(...own);
    }
    const snFile = path.join(dir, 'sns.txt');
    writeFileSync(snFile, `${sns.join('\n')}\n`);

    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      LANG: 'C.UTF-8',
    };
    // As a CI job signs in: a token made as the console makes one (the device sign-in needs a person).
    const created = await portal.app.services.apiTokens.create(customer.id, {
      name: 'bench',
      scopes: ['catalog:read', 'download'],
      expiresInDays: 1,
    });
    const login = await fwportal(
      ['login', '--url', portal.url, '--token-stdin', '--json'],
      env,
      `${created.token}\n`,
    );
    if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
    const { token } = JSON.parse(
      readFileSync(path.join(env.XDG_CONFIG_HOME, 'fwportal', 'config.json'), 'utf8'),
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
    await portal.app.close();
    await portal.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
