// Benchmark: `fwportal audit` of 100 simulated BMCs (bmc-sim, HTTPS with a self-signed
// certificate each, sessions) against a real portal in this process: end-to-end wall time of
// the command (read every BMC, report to the portal, fetch and print compliance). See bench/README.md.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoFleet } from '../tools/bmc-sim/demo-fleet';
import { startBmcSim, writeHostsFile } from '../tools/bmc-sim/index';
import { bindServers } from '../packages/cli/src/test/fleet-servers';
import { customerWithFwportal, fwportal, jsonOf } from './support/fwportal';
import { startPortalApp, TOKEN_QUOTAS_OFF } from './support/portal';
import { envNumber } from './support/env-number';

const SERVERS = envNumber('BENCH_BMCS', 100);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 16);
const RUNS = envNumber('BENCH_RUNS', 3);
const TARGET_SECONDS = 30;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-audit-'));
  const portal = await startPortalApp({ config: TOKEN_QUOTAS_OFF });
  // M7-2U servers of the simulator's generated fleet (the demo customer's own SNs left out).
  const servers = demoFleet(SERVERS + 10)
    .filter((server) => server.sn.startsWith('M7S2U26'))
    .slice(0, SERVERS);
  const certificatesStarted = Date.now();
  const sim = await startBmcSim({ servers });
  const certificateSeconds = (Date.now() - certificatesStarted) / 1000;
  try {
    const { customer, env } = await customerWithFwportal(portal, ['inventory'], dir);
    await bindServers(
      portal.db,
      customer.id,
      servers.map((server) => server.sn),
      'M7-2U',
    );
    const hostsFile = writeHostsFile(path.join(dir, 'hosts.csv'), sim.bmcs);
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
      const result = jsonOf<{ servers: { reported: boolean }[]; unreachable: unknown[] }>(audit, 'audit');
      const sessions = sim.bmcs.reduce((sum, bmc) => sum + bmc.sessions(), 0);
      console.log(
        `| ${run}${run === 1 ? ' (first contact: certificates pinned)' : ''} | ${seconds.toFixed(2)} s | ${result.servers.length} | ${result.unreachable.length} | ${result.servers.filter((server) => server.reported).length} | ${audit.code} | ${sessions} | ${seconds < TARGET_SECONDS ? 'yes' : '**no**'} |`,
      );
    }
  } finally {
    await sim.close();
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
