import { setTimeout as sleep } from 'node:timers/promises';
import { sha256OfFile } from '../download/file-hash.ts';
import type { ImageServer } from './image-server.ts';
import { type RedfishClient, type RedfishResponse } from './client.ts';
import { type BmcAnswer, type BmcGet, followTask, messagesOf, type TaskResult } from './task-monitor.ts';
import type { PlanStep } from './update-plan.ts';

/**
 * One update handed to one BMC: by MultipartHttpPushUri when the BMC has one (the file goes
 * with the request, nothing needs to reach back), else by the UpdateService's SimpleUpdate
 * action (read from `Actions`, never a fixed path) with an ImageURI that fwportal's own image
 * server answers. The Redfish task is followed to its end; what the BMC did not confirm is
 * never reported as done.
 */

export const APPLY_TIMES = ['Immediate', 'OnReset'] as const;
export type ApplyTime = (typeof APPLY_TIMES)[number];

/** Every status is an answer here: the update decides what each one means. */
const EVERY_STATUS = Array.from({ length: 500 }, (_, i) => i + 100);
/** Reads leave 401 (sign in again) and 503 (a BMC starting up: waited for) to the client. */
const READ_STATUSES = EVERY_STATUS.filter((status) => status !== 401 && status !== 503);

function answerOf(response: RedfishResponse): BmcAnswer {
  const body = response.body;
  const retryAfter = response.headers['retry-after'];
  return {
    status: response.status,
    body:
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : null,
    retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null,
  };
}

/** GET through the client (sessions renewed, reads retried while the BMC resets), every status answered. */
export const bmcGetOf =
  (client: RedfishClient): BmcGet =>
  async (path) =>
    answerOf(await client.get(path, { answers: READ_STATUSES }));

export type UpdateMethods = {
  multipartUri: string | null;
  simpleUpdateTarget: string | null;
  /** SimpleUpdate's TransferProtocol@Redfish.AllowableValues (empty: not told). */
  protocols: string[];
};

/** The ways this BMC takes an update, from its ServiceRoot and UpdateService. */
export async function updateMethodsOf(client: RedfishClient): Promise<UpdateMethods> {
  const get = bmcGetOf(client);
  const root = await get('/redfish/v1');
  const link = (root.body?.UpdateService as { '@odata.id'?: unknown } | undefined)?.['@odata.id'];
  const service = await get(typeof link === 'string' ? link : '/redfish/v1/UpdateService');
  const body = service.status === 200 ? (service.body ?? {}) : {};
  const actions = (body.Actions ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const simple = actions['#UpdateService.SimpleUpdate'];
  const protocols = simple?.['TransferProtocol@Redfish.AllowableValues'];
  return {
    multipartUri: typeof body.MultipartHttpPushUri === 'string' ? body.MultipartHttpPushUri : null,
    simpleUpdateTarget: typeof simple?.target === 'string' ? simple.target : null,
    protocols: Array.isArray(protocols) ? protocols.filter((p): p is string => typeof p === 'string') : [],
  };
}

/**
 * Where a step ended. `updated`: the BMC confirmed it (task Completed, or the audit after the
 * run shows the version); `pendingActivation`: the task completed but the version is not shown
 * yet (OnReset, or activation at the next restart); `unconfirmed`: accepted without a task and
 * the audit does not show it; `held`/`skipped`/`notSent`: nothing was sent.
 */
export type StepStatus =
  | 'updated'
  | 'pendingActivation'
  | 'unconfirmed'
  | 'failed'
  | 'rejected'
  | 'busy'
  | 'timedOut'
  | 'unreachable'
  | 'held'
  | 'skipped'
  | 'notSent';

/** Why nothing was sent (status `notSent`). */
export type NotSentReason = 'verification' | 'needsServeAddress' | 'noHttp' | 'noUpdateService';

export type StepOutcome = {
  status: StepStatus;
  notSent?: NotSentReason;
  via: 'multipart' | 'simple' | null;
  httpStatus: number | null;
  taskState: string | null;
  percent: number | null;
  messages: string[];
  resets: number;
  seconds: number;
};

/** A verified file on disk, as the signed manifest describes it. */
export type VerifiedFile = {
  path: string;
  fileName: string;
  size: number;
  sha256: string;
  /**
   * Where a BMC may fetch these very bytes itself (a mirror URL, `update --repo URL`): the
   * SimpleUpdate ImageURI when fwportal serves nothing (no --serve-address). Checked by hash first.
   */
  url?: string;
};

export type ApplyOptions = {
  applyTime: ApplyTime;
  /** For SimpleUpdate: fwportal's image server (null: none running, SimpleUpdate impossible). */
  imageServer: ImageServer | null;
  taskCapMs: number;
  minPollMs?: number;
  onBytes?: (count: number) => void;
  onProgress?: (percent: number | null, taskState: string | null) => void;
};

const outcomeOf = (status: StepStatus, extra: Partial<StepOutcome> = {}): StepOutcome => ({
  status,
  via: null,
  httpStatus: null,
  taskState: null,
  percent: null,
  messages: [],
  resets: 0,
  seconds: 0,
  ...extra,
});

const TASK_STATUS: Record<TaskResult['outcome'], StepStatus> = {
  completed: 'updated',
  failed: 'failed',
  timedOut: 'timedOut',
  unreachable: 'unreachable',
};

export async function applyStep(
  client: RedfishClient,
  methods: UpdateMethods,
  step: PlanStep,
  file: VerifiedFile,
  options: ApplyOptions,
): Promise<StepOutcome> {
  const started = Date.now();
  // Checked again right before it leaves: what reaches the BMC is byte for byte the signed file.
  if ((await sha256OfFile(file.path)) !== file.sha256 || file.sha256 !== step.sha256)
    return outcomeOf('notSent', { notSent: 'verification' });
  const parameters: Record<string, unknown> = {
    ...(step.targets.length > 0 ? { Targets: step.targets } : {}),
    '@Redfish.OperationApplyTime': options.applyTime,
  };
  let via: StepOutcome['via'];
  let answer: BmcAnswer;
  let location: string | null;
  let served: ReturnType<ImageServer['serve']> | null = null;
  try {
    if (methods.multipartUri) {
      via = 'multipart';
      let sent = 0;
      const response = await client.postMultipart(
        methods.multipartUri,
        [
          { name: 'UpdateParameters', json: parameters },
          { name: 'UpdateFile', file: file.path, fileName: file.fileName },
        ],
        {
          answers: EVERY_STATUS,
          onProgress: (bytes) => {
            options.onBytes?.(bytes - sent);
            sent = bytes;
          },
        },
      );
      answer = answerOf(response);
      location = response.location;
    } else if (methods.simpleUpdateTarget) {
      via = 'simple';
      if (!options.imageServer && !file.url)
        return outcomeOf('notSent', { via, notSent: 'needsServeAddress' });
      // fwportal serves plain HTTP; a mirror may serve HTTPS: the BMC must list that protocol (or none).
      const protocol = options.imageServer
        ? 'HTTP'
        : new URL(file.url ?? '').protocol === 'https:'
          ? 'HTTPS'
          : 'HTTP';
      if (methods.protocols.length > 0 && !methods.protocols.includes(protocol))
        return outcomeOf('notSent', { via, notSent: 'noHttp', messages: methods.protocols });
      // The verified copy served by fwportal when it can; else the mirror's URL of the same bytes.
      served = options.imageServer?.serve(file.path, file.fileName, file.size) ?? null;
      const wantsProtocol = methods.protocols.length > 0 && methods.protocols.includes(protocol);
      const response = await client.post(
        methods.simpleUpdateTarget,
        {
          ImageURI: served?.url ?? file.url,
          ...(wantsProtocol ? { TransferProtocol: protocol } : {}),
          ...parameters,
        },
        { answers: EVERY_STATUS },
      );
      answer = answerOf(response);
      location = response.location;
    } else return outcomeOf('notSent', { notSent: 'noUpdateService' });

    const base = { via, httpStatus: answer.status };
    if (answer.status === 413) return outcomeOf('rejected', { ...base, messages: messagesOf(answer.body) });
    if (answer.status === 503) return outcomeOf('busy', { ...base, messages: messagesOf(answer.body) });
    if (answer.status >= 300)
      return outcomeOf('failed', {
        ...base,
        messages: messagesOf(answer.body).length > 0 ? messagesOf(answer.body) : [`HTTP ${answer.status}`],
      });
    const monitor =
      location ??
      (typeof answer.body?.TaskState === 'string' && typeof answer.body['@odata.id'] === 'string'
        ? answer.body['@odata.id']
        : null);
    // 200/204 without a task: the BMC took the file and promised nothing more. A SimpleUpdate
    // image stays served (until its link expires): the BMC may fetch it later.
    if (!monitor) {
      served = null;
      return outcomeOf('unconfirmed', {
        ...base,
        messages: messagesOf(answer.body),
        seconds: (Date.now() - started) / 1000,
      });
    }
    const task = await followTask(bmcGetOf(client), monitor, {
      capMs: options.taskCapMs,
      minPollMs: options.minPollMs,
      onProgress: options.onProgress,
    });
    return outcomeOf(TASK_STATUS[task.outcome], {
      ...base,
      taskState: task.taskState,
      percent: task.percent,
      messages: task.messages,
      resets: task.resets,
      seconds: (Date.now() - started) / 1000,
    });
  } catch (error) {
    // The connection broke during the upload or the request: nothing is known of the outcome.
    return outcomeOf('unreachable', {
      via: methods.multipartUri ? 'multipart' : 'simple',
      messages: [(error as Error).message],
      seconds: (Date.now() - started) / 1000,
    });
  } finally {
    served?.revoke();
  }
}

/**
 * Waits until the BMC answers again (it may restart to activate what it just installed), at
 * most `capMs`; false when it did not come back in time.
 */
export async function waitForBmc(client: RedfishClient, capMs: number, pollMs = 1000): Promise<boolean> {
  const deadline = Date.now() + capMs;
  for (;;) {
    try {
      await client.get('/redfish/v1/');
      return true;
    } catch {
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(pollMs, Math.max(deadline - Date.now(), 0)));
    }
  }
}

/**
 * The audit after the run decides what the task could not: a version the BMC now reports is
 * installed (whatever the task said), one it does not is pending or unconfirmed.
 */
export function confirmByAudit(status: StepStatus, step: PlanStep, nowRunning: string | null): StepStatus {
  const shown = nowRunning !== null && nowRunning === step.to;
  if (status === 'updated') return shown ? 'updated' : 'pendingActivation';
  if (shown && ['unconfirmed', 'timedOut', 'unreachable'].includes(status)) return 'updated';
  return status;
}
