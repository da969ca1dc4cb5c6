// Fault proof (issue 31): the scale-out arrangement (nginx + 2 portal processes + PostgreSQL +
// s3rver on loopback) under the same 200 clients, while its dependencies fail one after another
// with time to recover between: the database restarted (`pg_ctl restart -m fast`), the database
// stopped `-m immediate` and started again, the object store stopped for 30 s and started again on
// the same port and folder. Per fault it prints the requests and errors during the fault by kind,
// the longest request, how long after the dependency's return every process was ready again,
// whether a process exited, lost download records, stuck tasks and jobs run twice; and exits
// non-zero when a target is missed. `npm run bench:faults [-- --clients 200 --keep]`; see
// bench/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  controlPostgres,
  defaultDir,
  down,
  MissingToolError,
  startS3,
  stopS3,
  up,
} from '../deploy/local/cluster';
import { option, textOption } from './support/argv';
import { signedInClients } from './support/load-client';
import { downloadRecords, waitForTasks } from './support/load-checks';
import { clusterStore, prepareLoad } from './support/load-data';
import { Stats } from './support/load-stats';
import { logSizes, running } from './support/cluster-logs';
import {
  type FaultFindings,
  type FaultRun,
  type Phase,
  reportPhase,
  seconds,
  TASK_WAIT_MS,
} from './support/fault-report';
import { ReadinessWatch } from './support/readiness-watch';

const CLIENTS = option('clients', 200);
/** Load before the first fault: the errors a calm run has (none expected). */
const BASELINE_S = option('baseline', 10);
/** Load after every process is ready again, before the next fault. */
const RECOVERY_S = option('recovery', 15);
const IMMEDIATE_PAUSE_S = option('immediate-pause', 5);
const S3_OUTAGE_S = option('s3-outage', 30);
/** nginx's upstream `server` parameters (deploy/nginx/portal.conf's unless given). */
const UPSTREAM = textOption('upstream', 'max_fails=1 fail_timeout=5s');

async function main() {
  const dir = path.join(path.dirname(defaultDir()), 'faults-bench');
  await down({ dir, purge: true });
  console.log(`starting nginx + 2 portal processes + PostgreSQL + s3rver in ${dir} ...`);
  const state = await up({
    dir,
    basePort: 19280,
    workers: [2, 1],
    upstreamServer: UPSTREAM,
    // warn: the portals log every dependency failure (the evidence printed per fault).
    env: { CAPTCHA: 'off', LOG_LEVEL: 'warn' },
  });
  let failed = false;
  try {
    // The benchmark's own connection is closed before the faults (a restart would end it).
    let database = new pg.Client({ connectionString: state.postgres.url });
    await database.connect();
    const load = await prepareLoad(database, state);
    await database.end();

    const stats = new Stats();
    const clients = await signedInClients(CLIENTS, state.url, stats, load);
    const pids = state.portals.map((portal) => portal.pid);
    console.log(
      `${CLIENTS} clients signed in; portal PIDs ${pids.join(', ')}; nginx upstream servers: ${UPSTREAM}`,
    );

    const watch = new ReadinessWatch(state.portals.map((portal) => portal.port));
    const runStart = Date.now();
    const at = (time: number) => `t=${seconds(time - runStart)}`;
    let stopped = false;
    const load_ = Promise.all(clients.map((client) => client.run(() => stopped)));
    const alive = () =>
      state.portals.map((portal, index) => portal.pid === pids[index] && running(portal.pid));

    const faults: Array<{ label: string; inject: () => Promise<void> }> = [
      {
        label: 'a) database: pg_ctl restart -m fast',
        inject: () => controlPostgres(state, 'restart', 'fast'),
      },
      {
        label: `b) database: pg_ctl stop -m immediate, ${IMMEDIATE_PAUSE_S} s, start`,
        inject: async () => {
          await controlPostgres(state, 'stop', 'immediate');
          await sleep(IMMEDIATE_PAUSE_S * 1000);
          await controlPostgres(state, 'start');
        },
      },
      {
        label: `c) object store: s3rver stopped ${S3_OUTAGE_S} s, started again (same port, folder)`,
        inject: async () => {
          await stopS3(state);
          await sleep(S3_OUTAGE_S * 1000);
          await startS3(state);
        },
      },
    ];

    const baseline: Phase = {
      label: 'baseline (no fault)',
      start: runStart,
      back: runStart,
      readyAt: [],
      end: 0,
      logFrom: logSizes(state),
      logTo: [],
      alive: [],
    };
    await sleep(BASELINE_S * 1000);
    Object.assign(baseline, { end: Date.now(), logTo: logSizes(state), alive: alive() });
    const phases: Phase[] = [];
    for (const fault of faults) {
      const start = Date.now();
      const logFrom = logSizes(state);
      console.log(`${at(start)}: ${fault.label}`);
      await fault.inject();
      const back = Date.now();
      const deadline = back + 60_000;
      while (!watch.allReadySince(back) && Date.now() < deadline) await sleep(50);
      console.log(
        `${at(back)}: dependency back after ${seconds(back - start)}; ${
          watch.allReadySince(back)
            ? `every process ready at ${at(Date.now())}`
            : 'NOT every process ready after 60 s'
        }`,
      );
      await sleep(RECOVERY_S * 1000);
      const end = Date.now();
      phases.push({
        label: fault.label,
        start,
        back,
        readyAt: state.portals.map((_, index) => watch.readyAgain(index, back, end)),
        end,
        logFrom,
        logTo: logSizes(state),
        alive: alive(),
      });
    }
    stopped = true;
    await load_;
    await watch.stop();
    const runEnd = Date.now();
    // Every probe, for a closer look (kept with --keep).
    fs.writeFileSync(path.join(state.dir, 'readiness.json'), JSON.stringify(watch.probes));
    console.log(`${at(runEnd)}: load stopped; waiting for tasks and records ...`);

    // Records retried while the database was away get up to 5 s between attempts.
    await sleep(6_000);
    database = new pg.Client({ connectionString: state.postgres.url });
    await database.connect();
    const ends = await waitForTasks(
      database,
      stats.tasks.map((task) => task.id),
      TASK_WAIT_MS,
    );
    const records = await downloadRecords(database, stats.transfers, new Date(runStart - 1000));
    await database.end();
    // A task that says SUCCESS must have its result in the store.
    const store = clusterStore(state);
    const withoutResult = new Set<number>();
    for (const task of ends.values()) {
      if (task.status !== 'SUCCESS') continue;
      const stored = task.resultKey ? await store.stat(task.resultKey) : null;
      if (!stored || stored.size !== task.resultSize) withoutResult.add(task.id);
    }
    const orphans = new Set(records.orphans);
    const missing = new Set(records.missing.map((transfer) => transfer.tag));
    const started = new Set(records.started.map((transfer) => transfer.tag));

    const run: FaultRun = { state, watch, pids, stats, at, ends, withoutResult, orphans, missing, started };
    const findings: FaultFindings = { problems: [], notes: [], summary: [] };
    for (const phase of [baseline, ...phases])
      reportPhase(run, phase, { isFault: phase !== baseline, last: phase === phases.at(-1) }, findings);
    const { problems, notes, summary } = findings;

    const elapsed = (runEnd - runStart) / 1000;
    console.log(
      `\nwhole run ${elapsed.toFixed(0)} s, ${CLIENTS} clients: ${stats.requests} requests (${(stats.requests / elapsed).toFixed(0)} req/s), downloads verified by SHA-256 ${stats.downloadsVerified}, checksum mismatches ${stats.checksumMismatches}, sign-ins failed ${stats.signInsFailed}; ${records.rows} download records`,
    );
    if (stats.checksumMismatches > 0) problems.push(`${stats.checksumMismatches} checksum mismatches`);
    console.log(
      '\n| fault | away | requests in the window | 503 envelope | nginx 502/504 | reset/timeout | 500 | body cut | longest request | ready again | last client error after return | lost records | other started rows | stuck tasks | tasks FAILED | run twice | same PIDs |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const line of summary) console.log(line);
    for (const note of notes) console.log(`NOTE: ${note}`);
    for (const problem of problems) console.error(`FAILED: ${problem}`);
    failed = problems.length > 0;
  } finally {
    await down({ dir, purge: !process.argv.includes('--keep') });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  // A missing tool is one line (up() has stopped whatever it had started); anything else whole.
  console.error(error instanceof MissingToolError ? error.message : error);
  process.exit(1);
});
