import type { FleetServerDetail } from '@portal/contract';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import type { PortalClient } from '../portal-client.ts';
import type { BmcConnection } from './bmc-connection.ts';
import { type RedfishClient, withBmc } from './client.ts';
import { fieldOf } from './odata.ts';
import type { ImageServer } from './image-server.ts';
import { INVENTORY_PATHS } from './portal-inventory.ts';
import {
  type BmcInventory,
  readInventory,
  type ReportComponent,
  reportComponentsOf,
  type SoftwareIdMap,
} from './inventory.ts';
import {
  type ApplyTime,
  applyStep,
  confirmByAudit,
  type StepOutcome,
  type StepStatus,
  updateMethodsOf,
  waitForBmc,
} from './update.ts';
import { type BmcComponent, type PlanStep, planServer } from './update-plan.ts';
import type { VerifiedFiles } from './verified-files.ts';
import { compareVersions } from '@portal/contract/version-order';

/** One component of one server: the plan, and (after a real run) how it ended. */
export type StepResult = PlanStep &
  Partial<Omit<StepOutcome, 'status'>> & {
    status: StepStatus | 'planned';
    /** notSent because the file did not verify against the signed manifest (exit 4). */
    verification?: boolean;
  };

export type ServerResult = {
  bmc: string;
  sn: string | null;
  model: string | null;
  /** `done`: planned (and, unless a dry run, applied); else why nothing was done. */
  outcome: 'done' | 'notFound' | 'noSerial' | 'unreachable' | 'portalError';
  /** For `unreachable` and `portalError`: the error, in the user's language. */
  message: string | null;
  steps: StepResult[];
  /** What the BMC reports after the run (the report to the portal), null when it could not be read. */
  after: { seenAt: string; components: ReportComponent[] } | null;
};

export type ServerUpdateOptions = {
  /**
   * What is due for the server the BMC says it is (null: not the caller's): the portal's answer
   * online (portalDetailOf), the signed context's judgement from a mirror (`update --repo`).
   */
  detailOf: (sn: string, before: BmcInventory) => Promise<FleetServerDetail | null>;
  softwareIds: SoftwareIdMap;
  /** The verified file of a version: fetched from the portal (VerifiedFiles) or read from a mirror. */
  files: Pick<VerifiedFiles, 'get'>;
  imageServer: ImageServer | null;
  wanted: string[];
  applyTime: ApplyTime;
  dryRun: boolean;
  taskCapMs: number;
  minPollMs?: number;
  /** Translates a CliError for the result (the user's language). */
  messageOf: (error: CliError) => string;
  onBytes?: (count: number) => void;
  onProgress?: (percent: number | null) => void;
};

/** The portal's key of an audited component: BMC, or PCIE:<PN>[:<slot>] (componentKeyOf of the contract). */
const keyOf = (line: { kind: string; pn?: string; slot?: string }) =>
  line.kind !== 'PCIE' ? line.kind : line.slot ? `PCIE:${line.pn}:${line.slot}` : `PCIE:${line.pn}`;

/** The BMC's components by portal key, each with all its FirmwareInventory members and its oldest version. */
export function installedOf(inventory: BmcInventory): Map<string, BmcComponent> {
  const installed = new Map<string, BmcComponent>();
  for (const component of inventory.components) {
    if (!component.kind || !component.version) continue;
    const key = keyOf({
      kind: component.kind,
      pn: component.pn,
      slot: component.pn ? component.slot : undefined,
    });
    const known = installed.get(key);
    if (!known)
      installed.set(key, { version: component.version, odataIds: [component.id], updateable: true });
    else {
      known.odataIds.push(component.id);
      if (compareVersions(component.version, known.version) < 0) known.version = component.version;
    }
  }
  return installed;
}

/** Whether a FirmwareInventory member says `Updateable: false` (a missing field, or an unreadable member, is no refusal). */
async function anyNotUpdateable(client: RedfishClient, members: string[]): Promise<boolean> {
  for (const member of members) {
    const answer = await client.get(member, { answers: [404] }).catch(() => null);
    if (answer?.status === 200 && fieldOf(answer.body, 'Updateable') === false) return true;
  }
  return false;
}

/** Versions by key after the run, to confirm each step. */
const versionsOf = (lines: ReportComponent[]) => new Map(lines.map((line) => [keyOf(line), line.version]));

/** The portal's view of one of my servers; null when it is not mine (or not known: the same answer). */
/** The portal's compliance of one of the caller's servers, now; null for an SN that is not theirs. */
export async function portalDetailOf(portal: PortalClient, sn: string): Promise<FleetServerDetail | null> {
  const response = await portal.request(INVENTORY_PATHS.server(sn), { answers: [404] });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  return ((await response.json()) as { data: FleetServerDetail }).data;
}

/**
 * One server from start to end: read what it runs, ask the portal what is due, apply the due
 * components one after the other (a step that did not end confirmed stops the ones after it),
 * then read the BMC again: that audit decides what is installed.
 */
export async function updateServer(
  connection: BmcConnection,
  options: ServerUpdateOptions,
): Promise<ServerResult> {
  const result: ServerResult = {
    bmc: connection.address,
    sn: null,
    model: null,
    outcome: 'done',
    message: null,
    steps: [],
    after: null,
  };
  try {
    await withBmc(connection, async (client) => {
      const before = await readInventory(client, options.softwareIds);
      result.sn = before.sn;
      result.model = before.model;
      if (!before.sn) {
        result.outcome = 'noSerial';
        return;
      }
      const detail = await options.detailOf(before.sn, before).catch((error: unknown) => {
        if (error instanceof CliError) result.outcome = 'portalError';
        throw error;
      });
      if (!detail) {
        result.outcome = 'notFound';
        return;
      }
      result.model = detail.model;
      const installed = installedOf(before);
      // Members the BMC says it cannot update (`Updateable: false`) are held, never pushed.
      const candidates = planServer(detail, installed, options.wanted).filter((step) => !step.hold);
      for (const step of candidates)
        if (await anyNotUpdateable(client, step.targets)) {
          const component = installed.get(step.component);
          if (component) component.updateable = false;
        }
      const plan = planServer(detail, installed, options.wanted);
      if (options.dryRun) {
        result.steps = plan.map((step) => ({ ...step, status: step.hold ? 'held' : 'planned' }));
        return;
      }
      const methods = plan.some((step) => !step.hold) ? await updateMethodsOf(client) : null;
      let blocked = false;
      let sent = false;
      for (const step of plan) {
        if (step.hold) {
          result.steps.push({ ...step, status: 'held' });
          continue;
        }
        if (blocked || !methods) {
          result.steps.push({ ...step, status: 'skipped' });
          continue;
        }
        let outcome: StepOutcome;
        let verification = false;
        try {
          const file = await options.files.get(step.versionId, step.sha256);
          sent = true;
          outcome = await applyStep(client, methods, step, file, {
            applyTime: options.applyTime,
            imageServer: options.imageServer,
            taskCapMs: options.taskCapMs,
            minPollMs: options.minPollMs,
            onBytes: options.onBytes,
            onProgress: (percent) => options.onProgress?.(percent),
          });
        } catch (error) {
          if (!(error instanceof CliError)) throw error;
          verification = error.exitCode === EXIT.verification;
          outcome = {
            status: 'notSent',
            ...(verification ? { notSent: 'verification' as const } : {}),
            via: null,
            httpStatus: null,
            taskState: null,
            percent: null,
            messages: [options.messageOf(error)],
            resets: 0,
            seconds: 0,
          };
        }
        result.steps.push({ ...step, ...outcome, ...(verification ? { verification } : {}) });
        // Only a confirmed step lets the next one go: it may need this one (install order).
        if (outcome.status !== 'updated') blocked = true;
      }
      // The audit after the run: the versions the BMC reports now are what the portal learns.
      const back = !sent || (await waitForBmc(client, options.taskCapMs));
      const after = !sent
        ? before
        : back
          ? await readInventory(client, options.softwareIds).catch(() => null)
          : null;
      result.after = after
        ? { seenAt: new Date().toISOString(), components: reportComponentsOf(after) }
        : null;
      const running = after ? versionsOf(reportComponentsOf(after)) : new Map<string, string>();
      for (const step of result.steps)
        if (step.status !== 'held' && step.status !== 'skipped' && step.status !== 'planned')
          step.status = confirmByAudit(step.status, step, running.get(step.component) ?? null);
    });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    if (result.outcome !== 'portalError') result.outcome = 'unreachable';
    result.message = options.messageOf(error);
  }
  return result;
}
