// Benchmark: `fwportal update` of 100 simulated BMCs (bmc-sim, HTTPS with a self-signed
// certificate each, sessions), each pushed a BMC image of a few MB by multipart, concurrency 16,
// against a real portal in this process: wall time of the whole command (read every BMC, ask the
// portal what is due, fetch and verify the image once, push it to every BMC, follow each task,
// read every BMC again and report to the portal) and the bytes per second sent to the BMCs.
// See bench/README.md.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { referenceModel } from '../apps/server/src/test/catalog-factories';
import { startBmcSim, writeHostsFile } from '../tools/bmc-sim/index';
import { buildFleetCatalogue, firmwareOf, shippedFirmware } from '../packages/cli/src/test/fleet-catalogue';
import { bindServers, FLEET_MODEL } from '../packages/cli/src/test/fleet-servers';
import { customerWithFwportal, fwportal, jsonOf } from './support/fwportal';
import { startPortalApp, TOKEN_QUOTAS_OFF } from './support/portal';
import { envNumber } from './support/env-number';

const SERVERS = envNumber('BENCH_BMCS', 100);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 16);
const RUNS = envNumber('BENCH_RUNS', 2);
const IMAGE_MB = envNumber('BENCH_IMAGE_MB', 4);
/** How long a simulated BMC takes to flash an image (bmc-sim's default). */
const TASK_SECONDS = envNumber('BENCH_TASK_SECONDS', 2);

type UpdateJson = {
  servers: { steps: { status: string }[] }[];
  summary: { updated: number; failed: number; bytesSent: number; bytesFetched: number };
};

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-update-'));
  // Only the fleet catalogue: no demo data.
  const portal = await startPortalApp({ demo: false, config: TOKEN_QUOTAS_OFF });
  const model = await referenceModel(portal.db, FLEET_MODEL);
  const catalogue = await buildFleetCatalogue(
    portal.db,
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
    const { customer, env } = await customerWithFwportal(portal, ['download', 'inventory'], dir);
    await bindServers(portal.db, customer.id, sns, FLEET_MODEL, shippedFirmware(catalogue));
    const hostsFile = writeHostsFile(path.join(dir, 'hosts.csv'), sim.bmcs);
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
      const result = jsonOf<UpdateJson>(update, 'update');
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
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
