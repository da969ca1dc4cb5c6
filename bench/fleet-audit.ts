// Benchmark: `fwportal audit` of 100 simulated BMCs (bmc-sim, HTTPS with a self-signed
// certificate each, sessions) against a real portal in this process: end-to-end wall time of
// the command (read every BMC, report to the portal, fetch and print compliance). See bench/README.md.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { seedCatalog } from '../apps/server/src/db/seed/seed-catalog';
import { createUser } from '../apps/server/src/test/factories';
import { demoFleet } from '../packages/cli/src/test/bmc-sim/demo-fleet';
import { startBmcSim } from '../packages/cli/src/test/bmc-sim/index';
import { bindServers } from '../packages/cli/src/test/fleet-servers';

const SERVERS = Number(process.env.BENCH_BMCS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_SECONDS = 30;
const CLI_MAIN = path.resolve(import.meta.dirname, '../packages/cli/src/main.ts');
const PASSWORD = 'Bench#Pass1';

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

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-audit-'));
  const portal = await startPortal(path.join(dir, 'portal'));
  // M7-2U servers of the simulator's generated fleet (the demo customer's own SNs left out).
  const servers = demoFleet(SERVERS + 10)
    .filter((server) => server.sn.startsWith('M7S2U26'))
    .slice(0, SERVERS);
  const certificatesStarted = Date.now();
  const sim = await startBmcSim({ servers });
  const certificateSeconds = (Date.now() - certificatesStarted) / 1000;
  try {
    const customer = await createUser(portal.database.db, { roleCodes: ['customer'], password: PASSWORD });
    await bindServers(
      portal.database.db,
      customer.id,
      servers.map((server) => server.sn),
      'M7-2U',
    );
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
      scopes: ['inventory'],
      expiresInDays: 1,
    });
    const login = await fwportal(['login', '--url', portal.url, '--token-stdin'], env, `${created.token}\n`);
    if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
    console.log(
      `${servers.length} simulated BMCs (HTTPS, self-signed certificates made in ${certificateSeconds.toFixed(1)} s, ` +
        `${servers[0]?.components.length ?? 0} firmware entries each); concurrency ${CONCURRENCY}; ${os.cpus().length} cores`,
    );
    console.log('');
    console.log(
      '| run | wall time | BMCs read | not read | servers reported | exit code | sessions left | < 30 s |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (let run = 1; run <= RUNS; run += 1) {
      const started = process.hrtime.bigint();
      const audit = await fwportal(
        ['audit', '--bmc-file', hostsFile, '--concurrency', String(CONCURRENCY), '--json'],
        env,
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let result: { servers: { reported: boolean }[]; unreachable: unknown[] };
      try {
        result = JSON.parse(audit.stdout) as typeof result;
      } catch {
        throw new Error(`fwportal audit failed (${audit.code}): ${audit.stderr}`);
      }
      const sessions = sim.bmcs.reduce((sum, bmc) => sum + bmc.sessions(), 0);
      console.log(
        `| ${run}${run === 1 ? ' (first contact: certificates pinned)' : ''} | ${seconds.toFixed(2)} s | ${result.servers.length} | ${result.unreachable.length} | ${result.servers.filter((server) => server.reported).length} | ${audit.code} | ${sessions} | ${seconds < TARGET_SECONDS ? 'yes' : '**no**'} |`,
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
