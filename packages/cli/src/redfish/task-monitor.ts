import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Following a Redfish task (DSP0266 "Asynchronous operations"): the update answered 202 with a
 * task monitor URI in `Location`; the monitor answers 202 (and Retry-After) while the task
 * runs, then the operation's final answer. The Task resource (TaskState, PercentComplete,
 * Messages) is read from the monitor's body and, once the monitor is gone, from its own URI.
 * Success is only ever what the BMC says: TaskState Completed (or the monitor's final 2xx).
 * A BMC that goes away (it resets to activate its own firmware) is waited for; the wait is
 * capped, and at the cap the answer says where the task stood.
 */

export type BmcAnswer = {
  status: number;
  body: Record<string, unknown> | null;
  /** Retry-After, in seconds as the BMC wrote it (null: none). */
  retryAfter: string | null;
};
/** GET of a path (or URL) on the BMC; throws when the BMC cannot be reached. */
export type BmcGet = (path: string) => Promise<BmcAnswer>;

export type TaskOutcome = 'completed' | 'failed' | 'timedOut' | 'unreachable';
export type TaskResult = {
  outcome: TaskOutcome;
  /** The last TaskState the BMC reported (New, Running, Completed, Exception …), null when none. */
  taskState: string | null;
  percent: number | null;
  /** The task's Messages (and an error's @Message.ExtendedInfo), as the BMC words them. */
  messages: string[];
  /** Times the BMC went away during the task (connection refused, reset, timed out). */
  resets: number;
  seconds: number;
};

export type FollowOptions = {
  /** The whole wait at most. */
  capMs: number;
  /** Polls are this far apart at least, and at most `maxPollMs` even when Retry-After asks for more. */
  minPollMs?: number;
  maxPollMs?: number;
  onProgress?: (percent: number | null, taskState: string | null) => void;
  /** A BMC that restarted forgot its sessions: sign in again (at most a few times per task). */
  reauthenticate?: () => Promise<void>;
};

const MAX_REAUTHENTICATIONS = 3;

const FAILED_STATES = new Set(['Exception', 'Killed', 'Cancelled', 'Interrupted']);
const TERMINAL_STATES = new Set(['Completed', ...FAILED_STATES]);

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The Messages of a Task, or the ExtendedInfo of a Redfish error. */
export function messagesOf(body: Record<string, unknown> | null): string[] {
  if (!body) return [];
  const error = body.error as Record<string, unknown> | undefined;
  const list = (Array.isArray(body.Messages) ? body.Messages : []).concat(
    Array.isArray(error?.['@Message.ExtendedInfo']) ? (error['@Message.ExtendedInfo'] as unknown[]) : [],
  );
  const messages = list
    .map((entry) => text((entry as Record<string, unknown> | null)?.Message))
    .filter((message): message is string => message !== null);
  if (messages.length === 0 && text(error?.message)) messages.push(error?.message as string);
  return messages;
}

function retryAfterMs(header: string | null): number | null {
  const value = Number(header?.trim() || Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value * 1000 : null;
}

export async function followTask(get: BmcGet, monitor: string, options: FollowOptions): Promise<TaskResult> {
  const minPoll = options.minPollMs ?? 500;
  const maxPoll = options.maxPollMs ?? 10_000;
  const started = Date.now();
  const deadline = started + options.capMs;
  const result: TaskResult = {
    outcome: 'timedOut',
    taskState: null,
    percent: null,
    messages: [],
    resets: 0,
    seconds: 0,
  };
  let taskUri: string | null = null;
  let monitorGone = false;
  let away = false;
  let reauthentications = 0;
  const finish = (outcome: TaskOutcome) => {
    result.outcome = outcome;
    result.seconds = (Date.now() - started) / 1000;
    return result;
  };
  const readTask = (body: Record<string, unknown> | null) => {
    if (!body) return;
    if (text(body.TaskState)) {
      result.taskState = body.TaskState as string;
      if (typeof body['@odata.id'] === 'string') taskUri = body['@odata.id'];
    }
    if (typeof body.PercentComplete === 'number') result.percent = body.PercentComplete;
    const messages = messagesOf(body);
    if (messages.length > 0) result.messages = messages;
    options.onProgress?.(result.percent, result.taskState);
  };
  const wait = async (asked: number | null) => {
    const pause = Math.min(Math.max(asked ?? minPoll, minPoll), maxPoll, Math.max(deadline - Date.now(), 0));
    await sleep(pause);
  };

  for (;;) {
    if (Date.now() >= deadline) return finish(away ? 'unreachable' : 'timedOut');
    let answer: BmcAnswer;
    try {
      answer = await get(monitorGone && taskUri ? taskUri : monitor);
    } catch {
      // Connection refused or reset, or no answer in time: the BMC restarts (often to activate
      // its own firmware). The task's fate is known once it is back.
      if (!away) result.resets += 1;
      away = true;
      await wait(null);
      continue;
    }
    const { status, body } = answer;
    if (status === 503) {
      // Starting up again, or busy: not an answer about the task.
      if (!away) result.resets += 1;
      away = true;
      await wait(retryAfterMs(answer.retryAfter));
      continue;
    }
    away = false;
    if (status === 401 && options.reauthenticate && reauthentications < MAX_REAUTHENTICATIONS) {
      reauthentications += 1;
      await options.reauthenticate().catch(() => undefined);
      continue;
    }
    if (status === 202) {
      readTask(body);
      await wait(retryAfterMs(answer.retryAfter));
      continue;
    }
    if ((status === 404 || status === 410) && !monitorGone && taskUri) {
      // Some BMCs drop the monitor once the task ends: the Task resource tells how it ended.
      monitorGone = true;
      continue;
    }
    if (status >= 200 && status < 300) {
      if (body && text(body.TaskState)) {
        readTask(body);
        const state = result.taskState ?? '';
        if (state === 'Completed' && body.TaskStatus !== 'Critical') return finish('completed');
        if (TERMINAL_STATES.has(state)) return finish('failed');
        // Still running, answered 200 by a task URI: poll on.
        if (!monitorGone) monitorGone = taskUri !== null;
        await wait(retryAfterMs(answer.retryAfter));
        continue;
      }
      // The operation's own final answer through the monitor: DSP0266's "completed".
      result.taskState = 'Completed';
      result.percent = 100;
      options.onProgress?.(100, result.taskState);
      return finish('completed');
    }
    const messages = messagesOf(body);
    if (messages.length > 0) result.messages = messages;
    if (result.messages.length === 0) result.messages = [`HTTP ${status}`];
    return finish('failed');
  }
}
