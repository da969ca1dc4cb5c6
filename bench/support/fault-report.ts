import type { ClusterState } from '../../deploy/local/cluster';
import { type Attempt, ERROR_KINDS, type Kind } from './cluster-request';
import type { TaskEnd } from './load-checks';
import type { Stats } from './load-stats';
import { nginxLog, portalLog } from './cluster-logs';
import type { ReadinessWatch } from './readiness-watch';
import { count } from './tally';

/*
 * What bench/faults.ts prints for one phase (the calm baseline or a fault) and the targets it
 * holds the phase to.
 */

/** The issue's target: ready again within 5 s of the dependency's return. */
export const READY_TARGET_MS = 5_000;
/** How long tasks get to end after the load. */
export const TASK_WAIT_MS = 120_000;

export type Phase = {
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

/** What the run left to judge the phases by. */
export type FaultRun = {
  state: ClusterState;
  watch: ReadinessWatch;
  /** Each portal process's PID at the start. */
  pids: Array<number | null>;
  stats: Stats;
  /** `t=…` of a time, from the load's start. */
  at: (time: number) => string;
  ends: Map<number, TaskEnd>;
  /** Tasks that say SUCCESS without their result in the store. */
  withoutResult: Set<number>;
  /** Download record tags: rows left 'started' by no transfer, transfers without a row, rows stuck 'started'. */
  orphans: Set<string>;
  missing: Set<string>;
  started: Set<string>;
};

/** What every phase adds to: missed targets, notes, and the summary table's rows. */
export type FaultFindings = { problems: string[]; notes: string[]; summary: string[] };

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

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const longest = (attempts: Attempt[]) =>
  attempts.reduce<Attempt | null>((max, a) => (!max || a.ms > max.ms ? a : max), null);
const showAttempt = (a: Attempt | null) =>
  a ? `${Math.round(a.ms).toLocaleString('en-US')} ms (${a.what}, ${a.status || a.kind})` : '-';

/** Prints one phase; `last` keeps the tasks that ended while the benchmark waited for them. */
export function reportPhase(
  run: FaultRun,
  phase: Phase,
  { isFault, last }: { isFault: boolean; last: boolean },
  findings: FaultFindings,
): void {
  const { state, watch, pids, stats, at, ends, withoutResult, orphans, missing, started } = run;
  const { problems, notes, summary } = findings;
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
    if (afterErrors.length > 0) problem(`${afterErrors.length} errors after every process was ready again`);
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
  const tasksUntil = last ? Infinity : phase.end;
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
  if (stuck > 0) problem(`${stuck} tasks stuck (PENDING/RUNNING ${seconds(TASK_WAIT_MS)} after the load)`);
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
