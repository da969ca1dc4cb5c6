// Scale-out proof (issue 19): 2 portal processes + nginx + PostgreSQL + S3 on loopback, mixed
// load from 200 clients, one process killed with SIGKILL at a third of the run and restarted
// at two thirds. Exits non-zero when a download record is lost, a task is stuck, a checksum
// does not match, a job ran twice or the sign-in rate limit is counted per process.
// `npm run bench:scale-out [-- --seconds 30 --clients 200]`; see bench/README.md.
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import {
  type ClusterState,
  defaultDir,
  down,
  MissingToolError,
  startPortal,
  stopPortal,
  up,
} from '../deploy/local/cluster';
import { send } from './support/cluster-request';
import { Client, signedInClients, type Version } from './support/load-client';
import { downloadRecords, waitForTasks } from './support/load-checks';
import { prepareLoad } from './support/load-data';
import { Stats } from './support/load-stats';
import { option } from './support/argv';

const SECONDS = option('seconds', 60);
const CLIENTS = option('clients', 200);
const COMPARE_SECONDS = option('compare-seconds', 10);
const LOGIN_LIMIT = 30;
const TASK_WAIT_MS = 180_000;

/** Load against one address for `seconds`: requests per second (the 1 vs 2 processes figure). */
async function throughput(base: string, seconds: number, versions: Version[], serials: string[]) {
  const stats = new Stats();
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, index) =>
      new Client(index, base, stats, versions, serials).run(() => Date.now() >= until),
    ),
  );
  return { rps: stats.requests / ((Date.now() - started) / 1000), stats };
}

/** Wrong passwords for unknown accounts from one address, alternating between the processes. */
async function rateLimitAcrossProcesses(state: ClusterState) {
  let accepted = 0;
  const agents = state.portals.map(() => new http.Agent({ localAddress: '127.0.9.9' }));
  for (let attempt = 0; attempt < LOGIN_LIMIT * 2; attempt += 1) {
    const portal = state.portals[attempt % state.portals.length];
    if (!portal) continue;
    const answer = await send(
      agents[attempt % agents.length] as http.Agent,
      `http://127.0.0.1:${portal.port}`,
      'POST',
      '/api/login',
      {
        body: { account: `nobody_${attempt}`, password: 'Wrong#Pass1' },
      },
    );
    if (answer.status !== 429) accepted += 1;
  }
  for (const agent of agents) agent.destroy();
  return accepted;
}

async function main() {
  const dir = path.join(path.dirname(defaultDir()), 'scale-out-bench');
  await down({ dir, purge: true });
  console.log(`starting nginx + 2 portal processes + PostgreSQL + s3rver in ${dir} ...`);
  const state = await up({
    dir,
    basePort: 19080,
    // Process 0 runs jobs and is the one killed: its running jobs must be retried, not lost.
    workers: [2, 1],
    env: { CAPTCHA: 'off', LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT), LOG_LEVEL: 'error' },
  });
  const database = new pg.Client({ connectionString: state.postgres.url });
  await database.connect();
  let failed = false;
  try {
    const { versions, serials } = await prepareLoad(database, state);
    console.log(`${CLIENTS} clients`);

    // 1 vs 2 processes, same clients, same mix, back to back.
    const first = state.portals[0];
    if (!first) throw new Error('no portal');
    const one = await throughput(`http://127.0.0.1:${first.port}`, COMPARE_SECONDS, versions, serials);
    const two = await throughput(state.url, COMPARE_SECONDS, versions, serials);
    console.log(
      `throughput (${COMPARE_SECONDS} s, ${CLIENTS} clients): 1 process ${one.rps.toFixed(0)} req/s, 2 processes behind nginx ${two.rps.toFixed(0)} req/s (x${(two.rps / one.rps).toFixed(2)})`,
    );

    // The run: load through nginx, SIGKILL process 0 at 1/3, restart it at 2/3.
    const stats = new Stats();
    const clients = await signedInClients(CLIENTS, state.url, stats, { versions, serials });
    const runStart = new Date();
    const until = Date.now() + SECONDS * 1000;
    const chaos = (async () => {
      await new Promise((resolve) => setTimeout(resolve, (SECONDS / 3) * 1000));
      console.log(`t=${Math.round(SECONDS / 3)} s: kill -9 process 0 (pid ${state.portals[0]?.pid})`);
      await stopPortal(state, 0, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, (SECONDS / 3) * 1000));
      console.log(`t=${Math.round((2 * SECONDS) / 3)} s: restart process 0`);
      await startPortal(state, 0);
    })();
    await Promise.all(clients.map((client) => client.run(() => Date.now() >= until)));
    await chaos;
    const elapsed = (Date.now() - runStart.getTime()) / 1000;

    // Tasks: every one submitted must end (SUCCESS or FAILED) and none may have run one attempt twice.
    const ids = stats.tasks.map((task) => task.id);
    const ends = [...(await waitForTasks(database, ids, TASK_WAIT_MS)).values()];
    const open =
      ids.length - ends.filter((task) => task.status === 'SUCCESS' || task.status === 'FAILED').length;
    const doubleRuns = ends.filter((task) => task.doubleRun).length;
    const duplicateJobs = ends.filter((task) => task.duplicateJob).length;
    const finished = ids.length - open;
    const failedTasks = ends.filter((task) => task.status === 'FAILED').length;

    // Download records: every range request that got its 206 has its row, completed or, when its
    // process was killed before it could say so, 'started'.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const records = await downloadRecords(database, stats.transfers, runStart);
    const unconfirmed = records.started.length;
    const lostRecords = records.missing.length;

    const limitAccepted = await rateLimitAcrossProcesses(state);

    const errorsByKind = [...stats.errors.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none';
    console.log(
      `run: ${SECONDS} s (${elapsed.toFixed(1)} s with the kill), ${CLIENTS} clients through nginx`,
    );
    console.log(
      `  requests ${stats.requests} (${(stats.requests / elapsed).toFixed(0)} req/s); ops ${[...stats.ops.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
    console.log(`  errors by kind (each retried by the client): ${errorsByKind}`);
    console.log(
      `  latency p50 ${stats.percentile(50).toFixed(0)} ms, p95 ${stats.percentile(95).toFixed(0)} ms, p99 ${stats.percentile(99).toFixed(0)} ms`,
    );
    console.log(
      `  downloads verified by SHA-256 ${stats.downloadsVerified} (${(stats.downloadBytes / 1048576).toFixed(1)} MiB), resumed after a cut ${stats.resumedDownloads}, checksum mismatches ${stats.checksumMismatches}`,
    );
    console.log(
      `  download requests answered 206 ${stats.transfers.length} (${stats.completedDownloadRequests} received whole), records written ${records.rows} (end unconfirmed: ${unconfirmed}), lost ${lostRecords}`,
    );
    console.log(
      `  tasks submitted ${ids.length} (refused: too many open ${stats.tasksRefused}), finished ${finished} (failed ${failedTasks}), stuck ${open}, double-run ${doubleRuns}, duplicate jobs ${duplicateJobs}`,
    );
    console.log(
      `  sign-in limit ${LOGIN_LIMIT}/min from one address across both processes: ${limitAccepted} accepted before 429`,
    );

    const problems = [
      lostRecords > 0 && `${lostRecords} download records lost`,
      open > 0 && `${open} tasks stuck`,
      stats.checksumMismatches > 0 && `${stats.checksumMismatches} checksum mismatches`,
      doubleRuns + duplicateJobs > 0 && `${doubleRuns + duplicateJobs} jobs ran twice`,
      limitAccepted !== LOGIN_LIMIT &&
        `rate limit not shared (${limitAccepted} accepted, limit ${LOGIN_LIMIT})`,
      stats.downloadsVerified === 0 && 'no download completed',
    ].filter(Boolean);
    for (const problem of problems) console.error(`FAILED: ${problem}`);
    failed = problems.length > 0;
    console.log(
      `scale-out: ${stats.requests} requests, ${stats.errorCount()} errors, ${lostRecords} lost records, ${open} stuck tasks, ${stats.checksumMismatches} checksum mismatches`,
    );
  } finally {
    await database.end();
    await down({ dir, purge: !process.argv.includes('--keep') });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  // A missing tool is one line (up() has stopped whatever it had started); anything else whole.
  console.error(error instanceof MissingToolError ? error.message : error);
  process.exit(1);
});
