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
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import {
  type ClusterState,
  controlPostgres,
  defaultDir,
  down,
  MissingToolError,
  startS3,
  stopS3,
  up,
} from '../deploy/local/cluster';
import {
  type Attempt,
  clusterStore,
  downloadRecords,
  ERROR_KINDS,
  type Kind,
  prepareLoad,
  signedInClients,
  Stats,
  waitForTasks,
} from './support/cluster-load';
import { option, textOption } from './support/argv';

const CLIENTS = option('clients', 200);
/** Load before the first fault: the errors a calm run has (none expected). */
const BASELINE_S = option('baseline', 10);
/** Load after every process is ready again, before the next fault. */
const RECOVERY_S = option('recovery', 15);
const IMMEDIATE_PAUSE_S = option('immediate-pause', 5);
const S3_OUTAGE_S = option('s3-outage', 30);
/** nginx's upstream `server` parameters (deploy/nginx/portal.conf's unless given). */
const UPSTREAM = textOption('upstream', 'max_fails=1 fail_timeout=5s');
/** The issue's target: ready again within 5 s of the dependency's return. */
const READY_TARGET_MS = 5_000;
const TASK_WAIT_MS = 120_000;
const PROBE_EVERY_MS = 100;
/** A probe unanswered this long counts as not ready (Kubernetes' default is 1 s). */
const PROBE_TIMEOUT_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const count = <T>(list: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of list) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
};

/** One readiness probe: 'ready' (200), what a 503 named as away, or no answer in time. */
type Probe = {
  start: number;
  at: number;
  outcome: 'ready' | 'database' | 'storage' | 'draining' | 'timeout' | 'error';
};

/** `/api/ready` of every process, straight to its port (not through nginx), every 100 ms. */
class ReadinessWatch {
  readonly probes: Probe[][];
  private stopped = false;
  private readonly loops: Promise<void>[];

  constructor(ports: number[]) {
    this.probes = ports.map(() => []);
    this.loops = ports.map(async (port, index) => {
      while (!this.stopped) {
        const start = Date.now();
        const outcome = await this.probe(port);
        this.probes[index]?.push({ start, at: Date.now(), outcome });
        await sleep(PROBE_EVERY_MS);
      }
    });
  }

  private probe(port: number) {
    return new Promise<Probe['outcome']>((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/ready', agent: false, timeout: PROBE_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (response.statusCode === 200) return resolve('ready');
            try {
              const { data } = JSON.parse(Buffer.concat(chunks).toString()) as {
                data: { database: string; storage: string; draining: boolean };
              };
              resolve(data.draining ? 'draining' : data.database === 'down' ? 'database' : 'storage');
            } catch {
              resolve('error');
            }
          });
          response.on('error', () => resolve('error'));
        },
      );
      request.on('timeout', () => {
        request.destroy();
        resolve('timeout');
      });
      request.on('error', () => resolve('error'));
    });
  }

  /** Every process answered 200 to its last probe, sent after `since`. */
  allReadySince(since: number) {
    return this.probes.every((probes) => {
      const last = probes.at(-1);
      return last !== undefined && last.start >= since && last.outcome === 'ready';
    });
  }

  /** When process `index` first failed a probe answered in [from, to], or null. */
  firstDown(index: number, from: number, to: number) {
    return (
      this.probes[index]?.find((probe) => probe.at >= from && probe.at <= to && probe.outcome !== 'ready')
        ?.at ?? null
    );
  }

  /** When process `index` first answered 200 to a probe sent after `from` (and before `to`). */
  readyAgain(index: number, from: number, to: number) {
    return (
      this.probes[index]?.find((probe) => probe.start >= from && probe.at <= to && probe.outcome === 'ready')
        ?.at ?? null
    );
  }

  /** Probes answered in [from, to] other than 200, by outcome, and the slowest answer. */
  failures(from: number, to: number) {
    const probes = this.probes.flat().filter((probe) => probe.at >= from && probe.at <= to);
    return {
      probes: probes.length,
      failed: count(
        probes.filter((probe) => probe.outcome !== 'ready'),
        (probe) => probe.outcome,
      ),
      slowest: probes.reduce((max, probe) => Math.max(max, probe.at - probe.start), 0),
    };
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}

type Phase = {
  label: string;
  /** The fault's injection (or the load's start for the baseline). */
  start: number;
  /** The dependency accepts connections again. */
  back: number;
  /** Each process ready for good after `back`. */
  readyAt: Array<number | null>;
  /** The next phase's start (or the load's end). */
  end: number;
  /** Where each portal's log stood at `start` and at `end` (bytes). */
  logFrom: number[];
  logTo: number[];
  /** Each portal process still the same and running at `end`. */
  alive: boolean[];
};

/** Whether `pid` is a live process (not gone, not a zombie). */
function running(pid: number | null) {
  if (!pid) return false;
  try {
    return !/^\d+ \(.*\) [ZX] /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const logFile = (state: ClusterState, index: number) => path.join(state.dir, `portal-${index}.log`);
const logSizes = (state: ClusterState) =>
  state.portals.map((portal) => {
    try {
      return fs.statSync(logFile(state, portal.index)).size;
    } catch {
      return 0;
    }
  });

type LogLine = { portal: number; level: number; key: string; line: string };

/**
 * What the portal processes wrote during a phase: pino's JSON lines timed in [from, to], and
 * every other line (stderr: a crash, a start-up failure) the phase's part of the file holds.
 */
function portalLog(state: ClusterState, phase: Phase, from: number, to: number): LogLine[] {
  return state.portals.flatMap((portal) => {
    const start = phase.logFrom[portal.index] ?? 0;
    const end = phase.logTo[portal.index] ?? start;
    if (end <= start) return [];
    const buffer = Buffer.alloc(end - start);
    const fd = fs.openSync(logFile(state, portal.index), 'r');
    fs.readSync(fd, buffer, 0, buffer.length, start);
    fs.closeSync(fd);
    return buffer
      .toString('utf8')
      .split('\n')
      .flatMap((line): LogLine[] => {
        if (!line.trim()) return [];
        if (!line.startsWith('{'))
          return [{ portal: portal.index, level: 60, key: `stderr: ${line.slice(0, 160)}`, line }];
        try {
          const entry = JSON.parse(line) as {
            time?: number;
            level?: number;
            msg?: string;
            code?: number;
            err?: { type?: string; message?: string };
          };
          if ((entry.time ?? 0) < from || (entry.time ?? 0) > to) return [];
          const err = entry.err
            ? ` (${entry.err.type}: ${(entry.err.message ?? '').split('\n')[0]?.slice(0, 90)})`
            : '';
          const code = entry.code ? ` ${entry.code}` : '';
          return [
            { portal: portal.index, level: entry.level ?? 0, key: `${entry.msg ?? ''}${code}${err}`, line },
          ];
        } catch {
          return [];
        }
      });
  });
}

/** nginx's error log in [from, to] (its times have whole seconds, local time). */
function nginxLog(state: ClusterState, from: number, to: number) {
  const file = path.join(state.dir, 'nginx', 'error.log');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^(\d{4})\/(\d\d)\/(\d\d) (\d\d:\d\d:\d\d) \[(\w+)\] [^*]*\*\d+ ([^,]+)/.exec(line);
      if (!match) return [];
      const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}`).getTime();
      return at >= Math.floor(from / 1000) * 1000 && at <= to ? [`[${match[5]}] ${match[6]}`] : [];
    });
}

const KIND_LABEL: Record<Kind, string> = {
  unavailable: '503 envelope',
  'bad-gateway': 'nginx 502/503/504',
  'server-error': '500 (or other 5xx)',
  reset: 'reset',
  timeout: 'timeout',
  truncated: 'body cut',
  'client-error': 'client error',
};
/** Kinds that are not the clear answer the issue asks for (a 503 envelope). */
const UNCLEAR: Kind[] = ['bad-gateway', 'server-error', 'reset', 'timeout'];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const longest = (attempts: Attempt[]) =>
  attempts.reduce<Attempt | null>((max, a) => (!max || a.ms > max.ms ? a : max), null);
const showAttempt = (a: Attempt | null) =>
  a ? `${Math.round(a.ms).toLocaleString('en-US')} ms (${a.what}, ${a.status || a.kind})` : '-';

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

    const problems: string[] = [];
    const notes: string[] = [];
    const summary: string[] = [];
    for (const phase of [baseline, ...phases]) {
      const isFault = phase !== baseline;
      const name = isFault ? phase.label.slice(0, 2) : 'baseline';
      const problem = (text: string) => problems.push(`${name} ${text}`);
      const readyAll = phase.readyAt.every((time) => time !== null)
        ? Math.max(phase.back, ...(phase.readyAt as number[]))
        : phase.end;
      const windowEnd = isFault ? readyAll : phase.end;
      // What ended in this phase (a request in flight when the fault came belongs to the fault).
      const ended = <T extends { end: number }>(list: T[]) =>
        list.filter((item) => item.end >= phase.start && item.end < phase.end);
      const inPhase = ended(stats.attempts.map((a) => ({ ...a, end: a.at + a.ms })));
      const during = inPhase.filter((a) => a.at <= windowEnd);
      const after = inPhase.filter((a) => a.at > windowEnd);
      const errors = (list: Attempt[], kind: Kind) => list.filter((a) => a.kind === kind).length;
      const failedDuring = during.filter((a) => a.kind !== 'ok');
      const afterErrors = after.filter((a) => a.kind !== 'ok');
      const unavailable = during.filter((a) => a.kind === 'unavailable');
      const unclear = UNCLEAR.reduce((sum, kind) => sum + errors(during, kind), 0);
      const lastError = inPhase.filter((a) => a.kind !== 'ok').reduce((max, a) => Math.max(max, a.end), 0);
      const worst = Math.max(...phase.readyAt.map((time) => (time === null ? Infinity : time - phase.back)));

      console.log(`\n${phase.label} (${new Date(phase.start).toISOString()})`);
      if (isFault) {
        const downs = state.portals.map((_, index) => watch.firstDown(index, phase.start, windowEnd));
        console.log(
          `  dependency away ${seconds(phase.back - phase.start)} (${at(phase.start)} to ${at(phase.back)})`,
        );
        console.log(
          `  /api/ready 503: ${downs
            .map(
              (time, index) =>
                `process ${index} ${time === null ? 'NEVER' : `${seconds(time - phase.start)} after the fault`}`,
            )
            .join(', ')}; 200 again: ${phase.readyAt
            .map((time, index) => `process ${index} ${time === null ? 'NEVER' : seconds(time - phase.back)}`)
            .join(', ')} after the dependency's return (target < ${seconds(READY_TARGET_MS)})`,
        );
        const waits = state.portals.map((_, index) =>
          count(
            (watch.probes[index] ?? []).filter(
              (probe) =>
                probe.start >= phase.back &&
                probe.at < (phase.readyAt[index] ?? phase.end) &&
                probe.outcome !== 'ready',
            ),
            (probe) => probe.outcome,
          ),
        );
        console.log(
          `  probes not 200 between the return and the first 200: ${waits
            .map(
              (outcomes, index) =>
                `process ${index} ${outcomes.map(([outcome, n]) => `${outcome} ${n}`).join(', ') || 'none'}`,
            )
            .join('; ')}`,
        );
        if (worst >= READY_TARGET_MS)
          problem(
            `ready again after ${worst === Infinity ? 'never' : seconds(worst)} (target < ${seconds(READY_TARGET_MS)})`,
          );
        if (downs.some((time) => time === null))
          problem('/api/ready never answered 503 on a process while the dependency was away');
      }
      const probes = watch.failures(isFault ? windowEnd : phase.start, phase.end);
      console.log(
        `  readiness probes ${isFault ? 'after every process was ready again' : 'without a fault'}: ${probes.probes}, not 200: ${
          probes.failed.map(([outcome, n]) => `${outcome} ${n}`).join(', ') || 'none'
        }; slowest answer ${Math.round(probes.slowest)} ms`,
      );
      console.log(
        `  ${isFault ? `window (fault until every process ready, ${seconds(windowEnd - phase.start)})` : `load ${seconds(phase.end - phase.start)}`}: ${during.length} requests; ${
          ERROR_KINDS.filter((kind) => errors(during, kind) > 0)
            .map((kind) => `${KIND_LABEL[kind]} ${errors(during, kind)}`)
            .join(', ') || 'no errors'
        }`,
      );
      if (failedDuring.length > 0)
        console.log(
          `    failed by request: ${count(failedDuring, (a) => `${a.what} ${a.status || a.kind}`)
            .map(([what, n]) => `${what} x${n}`)
            .join(', ')}`,
        );
      if (unavailable.length > 0)
        console.log(
          `    503 envelopes with Retry-After: ${unavailable.filter((a) => a.retryAfter).length} of ${unavailable.length}`,
        );
      const fourXX = count(
        during.filter((a) => a.status >= 400 && a.status < 500),
        (a) => `${a.status} ${a.what}`,
      );
      if (fourXX.length > 0)
        console.log(`    4xx answers: ${fourXX.map(([what, n]) => `${what} x${n}`).join(', ')}`);
      console.log(
        `    longest request ${showAttempt(longest(during))}; longest other than a download ${showAttempt(longest(during.filter((a) => a.what !== 'download')))}`,
      );
      if (isFault) {
        console.log(
          `  after (every process ready, until the next fault: ${seconds(phase.end - windowEnd)}): ${after.length} requests, ${
            afterErrors.length === 0
              ? 'no errors'
              : `errors ${count(afterErrors, (a) => `${KIND_LABEL[a.kind as Kind]} ${a.what}`)
                  .map(([what, n]) => `${what} x${n}`)
                  .join(', ')}`
          }; last error a client saw: ${lastError > phase.back ? `${seconds(lastError - phase.back)} after the dependency's return` : 'before its return'}`,
        );
        if (unclear > 0)
          problem(
            `${unclear} requests in the window failed otherwise than with a 503 envelope (${UNCLEAR.filter(
              (kind) => errors(during, kind) > 0,
            )
              .map((kind) => `${KIND_LABEL[kind]} ${errors(during, kind)}`)
              .join(', ')})`,
          );
        if (unavailable.some((a) => !a.retryAfter))
          problem(`${unavailable.filter((a) => !a.retryAfter).length} 503 envelopes without Retry-After`);
        if (afterErrors.length > 0)
          problem(`${afterErrors.length} errors after every process was ready again`);
      } else if (failedDuring.length > 0) problem(`${failedDuring.length} errors without a fault`);
      console.log(
        `  processes: ${state.portals
          .map((portal, index) => `${index} pid ${pids[index]} ${phase.alive[index] ? 'running' : 'EXITED'}`)
          .join(', ')}`,
      );
      if (phase.alive.some((ok) => !ok)) problem('a portal process exited');

      const transfers = ended(stats.transfers);
      const lostHere = transfers.filter((t) => missing.has(t.tag)).length;
      const startedHere = transfers.filter((t) => started.has(t.tag)).length;
      const orphansHere = inPhase.filter((a) => a.tag && orphans.has(a.tag));
      console.log(
        `  download records: ${transfers.length} requests answered 206 (${transfers.filter((t) => !t.complete).length} cut short): missing ${lostHere}, stuck 'started' ${startedHere}; other requests that left a 'started' row: ${orphansHere.length}${
          orphansHere.length
            ? ` (${count(orphansHere, (a) => `${a.status || a.kind}`)
                .map(([what, n]) => `answered ${what} x${n}`)
                .join(', ')})`
            : ''
        }`,
      );
      if (lostHere + startedHere > 0)
        problem(
          `${lostHere + startedHere} download records lost (missing ${lostHere}, stuck 'started' ${startedHere})`,
        );
      if (orphansHere.length > 0)
        notes.push(
          `${name} ${orphansHere.length} download records left 'started' by requests that sent no file (no byte went out, so no record is lost; the row claims a download whose end is unconfirmed)`,
        );

      // Tasks by when they ended (a task queued before a fault may run into it); stuck ones by submission.
      const submitted = stats.tasks.filter((task) => task.at >= phase.start && task.at < phase.end);
      // The last phase keeps what ended while the benchmark waited for the tasks.
      const tasksUntil = phase === phases.at(-1) ? Infinity : phase.end;
      const endedHere = [...ends.values()].filter(
        (task) => task.endedAt !== null && task.endedAt >= phase.start && task.endedAt < tasksUntil,
      );
      const stuck = submitted.filter((task) => {
        const status = ends.get(task.id)?.status;
        return status !== 'SUCCESS' && status !== 'FAILED';
      }).length;
      const twice = endedHere.filter((task) => task.doubleRun || task.duplicateJob).length;
      const noResult = endedHere.filter((task) => withoutResult.has(task.id)).length;
      const failedTasks = endedHere.filter((task) => task.status === 'FAILED');
      console.log(
        `  tasks: submitted ${submitted.length} (stuck ${stuck}); ended ${endedHere.length}: SUCCESS ${endedHere.length - failedTasks.length} (without their result in the store ${noResult}), FAILED ${failedTasks.length}${
          failedTasks.length
            ? ` (${count(failedTasks, (task) => task.reason ?? '?')
                .map(([reason, n]) => `${reason} x${n}`)
                .join(', ')})`
            : ''
        }, run twice ${twice}`,
      );
      if (stuck > 0)
        problem(`${stuck} tasks stuck (PENDING/RUNNING ${seconds(TASK_WAIT_MS)} after the load)`);
      if (twice > 0) problem(`${twice} tasks run twice`);
      if (noResult > 0) problem(`${noResult} tasks SUCCESS without their result`);
      if (isFault)
        summary.push(
          `| ${phase.label} | ${seconds(phase.back - phase.start)} | ${during.length} | ${errors(during, 'unavailable')} | ${errors(during, 'bad-gateway')} | ${errors(during, 'reset') + errors(during, 'timeout')} | ${errors(during, 'server-error')} | ${errors(during, 'truncated')} | ${showAttempt(longest(during))} | ${worst === Infinity ? 'never' : seconds(worst)} | ${lastError > phase.back ? seconds(lastError - phase.back) : '-'} | ${lostHere + startedHere} | ${orphansHere.length} | ${stuck} | ${failedTasks.length} | ${twice} | ${phase.alive.every(Boolean) ? 'yes' : 'NO'} |`,
        );

      // Fault windows and 2 s after them (a log line follows its cause); the baseline alone.
      const logEnd = isFault ? windowEnd + 2_000 : phase.end;
      const log = portalLog(state, phase, phase.start, logEnd);
      const levels = count(log, (line) => (line.level >= 50 ? 'error' : line.level >= 40 ? 'warn' : 'info'));
      console.log(
        `  portal log${isFault ? ' (window + 2 s)' : ''}: ${levels.map(([level, n]) => `${level} ${n}`).join(', ') || 'nothing'}`,
      );
      for (const [key, n] of count(log, (line) => `process ${line.portal}: ${line.key}`).slice(0, 8))
        console.log(`    ${n} x ${key}`);
      const nginx = count(nginxLog(state, phase.start, isFault ? logEnd : logEnd - 1_000), (line) => line);
      if (nginx.length > 0)
        console.log(
          `  nginx error log: ${nginx
            .slice(0, 4)
            .map(([line, n]) => `${n} x ${line}`)
            .join('; ')}`,
        );
    }

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
