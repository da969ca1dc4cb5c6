// Benchmark of what PGlite's vacuum costs a running portal (bench/README.md,
// `bench:vacuum-pauses`). The portal runs as `npm start` runs it (its bundle, node flags and
// malloc settings, the embedded PGlite, the demo data) while BENCH_VACUUM_CLIENTS customers (the
// scale-out bench's: sign-ins, catalogue and search, SN lookups, downloads resumed in two ranges,
// mirror tasks) use it with a person's pauses between steps, for BENCH_VACUUM_MINUTES. Each minute
// the portal vacuums the tables their writes made due (db/pglite-vacuum.ts); PGlite has one
// connection, so requests wait behind a vacuum. Measured: each round's length (the portal logs
// every round that vacuumed something, at debug level: the portal runs at that level here, not
// npm start's info), the latency of /api/health asked every 250 ms and of the
// customers' requests, inside a round and outside, and the portal's resident memory.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../apps/server/src/db/connection';
import { freePort } from '../apps/server/src/test/free-port';
import { buildBundle, spawnPortal } from '../apps/server/src/test/portal-process';
import { CLUSTER_PASSWORDS } from '../deploy/local/cluster';
import { send } from './support/cluster-request';
import { envNumber } from './support/env-number';
import { signedInClients } from './support/load-client';
import { catalogue, seedUsers } from './support/load-data';
import { Stats } from './support/load-stats';
import { percentile } from './support/percentile';

const MINUTES = envNumber('BENCH_VACUUM_MINUTES', 5);
const CLIENTS = envNumber('BENCH_VACUUM_CLIENTS', 20);
/** A person's pause between two steps, on average (drawn from 0 to twice it). */
const THINK_MS = envNumber('BENCH_VACUUM_THINK_MS', 250);
const PROBE_EVERY_MS = 250;

type Round = { start: number; end: number; tables: { table: string; action: string; deadRows: number }[] };

/** The portal on `dir` as npm start runs it, its log read line by line for the vacuum rounds. */
async function startPortal(dir: string, port: number, rounds: Round[]) {
  const portal = spawnPortal(dir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    ADMIN_PASSWORD: CLUSTER_PASSWORDS.admin,
    DEMO_PASSWORD: CLUSTER_PASSWORDS.demo,
    // Files of 1 MB: downloads stream real bytes without the disk being what is measured.
    DEMO_FILE_MB: '1',
    // Every round is logged at debug (a round of a second or more at info).
    LOG_LEVEL: 'debug',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  });
  if (portal.child.stdout) {
    const lines = readline.createInterface({ input: portal.child.stdout });
    lines.on('line', (line) => {
      if (!line.includes('PGlite tables vacuumed')) return;
      const entry = JSON.parse(line) as { time: number; ms: number; tables: Round['tables'] };
      rounds.push({ start: entry.time - entry.ms, end: entry.time, tables: entry.tables });
    });
  }
  await portal.printedText('Server listening', 300_000);
  return portal;
}

const rssMiB = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

type Sample = { at: number; ms: number };
const overlaps = (sample: Sample, rounds: Round[]) =>
  rounds.some((round) => sample.at < round.end && sample.at + sample.ms > round.start);

function describe(label: string, samples: Sample[]): string {
  const ms = samples.map((sample) => sample.ms);
  if (ms.length === 0) return `| ${label} | 0 | — | — | — | — |`;
  const over = ms.filter((value) => value >= 1_000).length;
  const f = (value: number) => value.toFixed(0);
  return `| ${label} | ${ms.length} | ${f(percentile(ms, 50))} | ${f(percentile(ms, 99))} | ${f(ms.reduce((most, value) => Math.max(most, value), 0))} | ${over} |`;
}

async function main() {
  buildBundle();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-vacuum-'));
  const port = await freePort();
  const rounds: Round[] = [];
  try {
    // The first start prepares the folder (migrations, the demo); the customers are added with
    // the portal stopped (PGlite has one process), as copies of the demo customer.
    const first = await startPortal(dir, port, rounds);
    first.child.kill('SIGTERM');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const database = await openDatabase({ dataDir: dir, pgliteSharedBuffersMb: 4 });
    if (database.queueConnection.driver !== 'pglite') throw new Error('expected PGlite');
    const serials = await seedUsers(database.queueConnection.client);
    await database.close();

    rounds.length = 0;
    const portal = await startPortal(dir, port, rounds);
    const base = `http://127.0.0.1:${port}`;
    const pid = portal.child.pid ?? 0;
    const versions = await catalogue(base);
    const stats = new Stats();
    const clients = await signedInClients(CLIENTS, base, stats, { versions, serials });
    console.log(
      `${CLIENTS} customers, ${THINK_MS} ms pauses, ${MINUTES} min; ${versions.length} versions, ${serials.length} SNs`,
    );

    const started = Date.now();
    const until = started + MINUTES * 60_000;
    const stop = () => Date.now() >= until;
    const probes: Sample[] = [];
    let failedProbes = 0;
    const rss: number[] = [rssMiB(pid)];
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const probing = (async () => {
      while (!stop()) {
        const at = Date.now();
        const began = performance.now();
        const answer = await send(probeAgent, base, 'GET', '/api/health').catch(() => null);
        // A probe that failed is no fast answer: counted apart, not among the latencies.
        if (answer?.status === 200) probes.push({ at, ms: performance.now() - began });
        else failedProbes += 1;
        await sleep(PROBE_EVERY_MS);
      }
    })();
    const sampling = (async () => {
      while (!stop()) {
        await sleep(5_000);
        rss.push(rssMiB(pid));
      }
    })();
    await Promise.all([...clients.map((client) => client.run(stop, THINK_MS)), probing, sampling]);
    probeAgent.destroy();
    portal.child.kill('SIGTERM');
    await new Promise((resolve) => portal.child.once('exit', resolve));

    const within = rounds.filter((round) => round.end >= started && round.start <= until);
    const roundMs = within.map((round) => round.end - round.start);
    const requests = stats.attempts.map((attempt) => ({ at: attempt.at, ms: attempt.ms }));
    console.log(
      `\n${stats.requests} customer requests (${stats.errorCount()} errors), ${probes.length} probes answered 200, ${failedProbes} failed`,
    );
    console.log(
      `vacuum rounds that did something: ${within.length}; ms each: ${roundMs.map((ms) => ms.toFixed(0)).join(', ') || 'none'}`,
    );
    for (const round of within)
      console.log(
        `  ${new Date(round.start).toISOString().slice(11, 19)} ${(round.end - round.start).toFixed(0)} ms: ${round.tables
          .map((t) => `${t.action} ${t.table} (${t.deadRows} dead)`)
          .join('; ')}`,
      );
    console.log('\n| what | n | p50 ms | p99 ms | max ms | ≥ 1 s |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [what, samples] of [
      ['/api/health', probes],
      ['customer requests', requests],
    ] as const) {
      console.log(
        describe(
          `${what}, during a round`,
          samples.filter((x) => overlaps(x, within)),
        ),
      );
      console.log(
        describe(
          `${what}, outside`,
          samples.filter((x) => !overlaps(x, within)),
        ),
      );
    }
    console.log(
      `\nresident memory: ${rss[0]} MiB at the start of the load, ${rss.at(-1)} MiB at its end, ${rss.reduce((most, value) => Math.max(most, value), 0)} MiB at most`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
