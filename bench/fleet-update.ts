// Benchmark: `fwportal update` of 100 simulated BMCs (bmc-sim, HTTPS with a self-signed
// certificate each, sessions), each pushed a BMC image of a few MB by multipart, concurrency 16,
// against a real portal in this process: wall time of the whole command (read every BMC, ask the
// portal what is due, fetch and verify the image once, push it to every BMC, follow each task,
// read every BMC again and report to the portal) and the bytes per second sent to the BMCs.
// See bench/README.md.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { referenceModel } from '../apps/server/src/test/catalog-factories';
import { createUser } from '../apps/server/src/test/factories';
import { startBmcSim } from '../packages/cli/src/test/bmc-sim/index';
import { buildFleetCatalogue, firmwareOf, shippedFirmware } from '../packages/cli/src/test/fleet-catalogue';
import { bindServers, FLEET_MODEL } from '../packages/cli/src/test/fleet-servers';

const SERVERS = Number(process.env.BENCH_BMCS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const IMAGE_MB = Number(process.env.BENCH_IMAGE_MB ?? 4);
/** How long a simulated BMC takes to flash an image (bmc-sim's default). */
const TASK_SECONDS = Number(process.env.BENCH_TASK_SECONDS ?? 2);
const CLI_MAIN = path.resolve(import.meta.dirname, '../packages/cli/src/main.ts');
const PASSWORD = 'Bench#Pass1';

/** The portal in this process on loopback: file-backed PGlite, only the fleet catalogue, token quotas out of the way. */
async function startPortal(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDatabase(database.db, { admin: PASSWORD }, new Date(), { demo: false });
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
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, url };
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

type UpdateJson = {
  servers: { steps: { status: string }[] }[];
  summary: { updated: number; failed: number; bytesSent: number; bytesFetched: number };
};

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-update-'));
  const portal = await startPortal(path.join(dir, 'portal'));
  const model = await referenceModel(portal.database.db, FLEET_MODEL);
  const catalogue = await buildFleetCatalogue(
    portal.database.db,
    portal.app.services.store,
    model,
    IMAGE_MB * 1024 * 1024,
  );
  const bmcFirmware = firmwareOf(catalogue, 'BMC');
  const biosFirmware = firmwareOf(catalogue, 'BIOS');
  const sns = Array.from({ length: SERVERS }, (_, i) => `BUPD${String(i).padStart(5, '0')}`);
  const certificatesStarted = Date.now();
  const sim = await startBmcSim({
    servers: sns.map((sn) => ({
      sn,
      model: FLEET_MODEL,
      components: [
        { id: 'BMC', kind: 'BMC', version: bmcFirmware.installed },
        { id: 'BIOS', kind: 'BIOS', version: biosFirmware.installed },
      ],
    })),
    taskSeconds: TASK_SECONDS,
  });
  const certificateSeconds = (Date.now() - certificatesStarted) / 1000;
  try {
    const customer = await createUser(portal.database.db, { roleCodes: ['customer'], password: PASSWORD });
    await bindServers(portal.database.db, customer.id, sns, FLEET_MODEL, shippedFirmware(catalogue));
    const hostsFile = path.join(dir, 'hosts.csv');
    writeFileSync(
      hostsFile,
      `address,user,password\n${sim.bmcs.map((bmc) => `${bmc.url},${bmc.user},${bmc.password}`).join('\n')}\n`,
      { mode: 0o600 },
    );
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      LANG: 'C.UTF-8',
    };
    const created = await portal.app.services.apiTokens.create(customer.id, {
      name: 'bench',
      scopes: ['download', 'inventory'],
      expiresInDays: 1,
    });
    const login = await fwportal(['login', '--url', portal.url, '--token-stdin'], env, `${created.token}\n`);
    if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
    console.log(
      `${SERVERS} simulated BMCs (HTTPS, self-signed certificates made in ${certificateSeconds.toFixed(1)} s), ` +
        `BMC image ${IMAGE_MB} MiB, task ${TASK_SECONDS} s per BMC; concurrency ${CONCURRENCY}; ${os.cpus().length} cores, ` +
        `load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    console.log('');
    console.log(
      '| run | wall time | BMCs updated | not updated | sent to BMCs | bytes/s to BMCs | fetched from portal | exit code | sessions left |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (let run = 1; run <= RUNS; run += 1) {
      // Every BMC back on the older image (the portal learns it from the run's own first read).
      for (const bmc of sim.bmcs)
        for (const component of bmc.server.components)
          component.version = component.kind === 'BMC' ? bmcFirmware.installed : biosFirmware.installed;
      const started = process.hrtime.bigint();
      const update = await fwportal(
        [
          'update',
          ...['--bmc-file', hostsFile, '--components', 'BMC', '--yes', '--json'],
          ...['--concurrency', String(CONCURRENCY)],
        ],
        env,
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let result: UpdateJson;
      try {
        result = JSON.parse(update.stdout) as UpdateJson;
      } catch {
        throw new Error(`fwportal update failed (${update.code}): ${update.stderr}`);
      }
      const updated = sim.bmcs.filter(
        (bmc) => bmc.server.components.find((c) => c.kind === 'BMC')?.version === bmcFirmware.newest,
      ).length;
      const sessions = sim.bmcs.reduce((sum, bmc) => sum + bmc.sessions(), 0);
      const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
      console.log(
        `| ${run}${run === 1 ? ' (first contact: certificates pinned)' : ''} | ${seconds.toFixed(2)} s | ${result.summary.updated} (BMCs running it: ${updated}) | ${SERVERS - result.summary.updated} | ${mib(result.summary.bytesSent)} | ${mib(result.summary.bytesSent / seconds)}/s | ${mib(result.summary.bytesFetched)} | ${update.code} | ${sessions} |`,
      );
    }
  } finally {
    await sim.close();
    await portal.app.close();
    await portal.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
