import { setTimeout as sleep } from 'node:timers/promises';
import { parseFirmwareHeader, type FirmwareImageHeader } from './firmware-image';
import { FIRMWARE_INVENTORY, relatedItem } from './resources';
import { SimTask } from './tasks';
import type { Misbehaviour, ReceivedImage, SimComponent, SimServer } from './types';

/** What the update engine needs of its BMC. */
export type UpdateHost = {
  server: SimServer;
  misbehaviour: () => Misbehaviour;
  taskMs: number;
  /** Go away (connections refused) for `ms`, run `whileAway`, come back on the same port. */
  reset: (ms: number, whileAway: () => void) => Promise<void>;
  /** The simulator was closed: stalled tasks stop waiting. */
  closed: () => boolean;
};

export type ReceivedFile = { bytes: number; sha256: string; head: Buffer };
export type UpdateRequest = {
  via: ReceivedImage['via'];
  targets: string[];
  applyTime: 'Immediate' | 'OnReset';
};

const STEPS = 10;
const REG = 'Update.1.1';

/** Takes images (pushed or fetched), runs the tasks that apply them and keeps what is staged for the next reset. */
export class UpdateEngine {
  readonly tasks = new Map<string, SimTask>();
  readonly received: ReceivedImage[] = [];
  private staged: { component: SimComponent; version: string }[] = [];
  private nextTaskId = 1;

  constructor(private readonly host: UpdateHost) {}

  /** The components a Targets list names (FirmwareInventory members or their RelatedItem), or the URI it does not know. */
  resolveTargets(targets: string[]): { components: SimComponent[] } | { unknown: string } {
    const { server } = this.host;
    const components: SimComponent[] = [];
    for (const target of targets) {
      const path = target.replace(/^https?:\/\/[^/]+/, '').replace(/\/$/, '');
      const component = server.components.find(
        (c) =>
          path === `${FIRMWARE_INVENTORY}/${encodeURIComponent(c.id)}` ||
          path === `${FIRMWARE_INVENTORY}/${c.id}` ||
          path === relatedItem(server, c),
      );
      if (!component || component.updateable === false) return { unknown: target };
      components.push(component);
    }
    return { components };
  }

  /** A task that waits for the image (already received, or being downloaded), checks it and applies it over taskMs. */
  startTask(request: UpdateRequest, file: Promise<ReceivedFile>): SimTask {
    const task = new SimTask(String(this.nextTaskId++), 'Firmware update');
    this.tasks.set(task.id, task);
    void this.run(task, request, file);
    return task;
  }

  /** The 204-without-a-task answer: the image is taken; it is applied only when the BMC is told to (applyNoTaskUpdate). */
  acceptWithoutTask(request: UpdateRequest, file: ReceivedFile) {
    this.record(request, file);
    const plan = this.plan(request, file);
    if (this.host.misbehaviour().applyNoTaskUpdate && 'components' in plan)
      this.apply(plan.components, plan.header.version, request.applyTime);
  }

  /** A reset action: what was staged OnReset becomes the running version. */
  activateStaged() {
    for (const { component, version } of this.staged) component.version = version;
    this.staged = [];
  }

  private record(request: UpdateRequest, file: ReceivedFile) {
    this.received.push({
      via: request.via,
      targets: request.targets,
      bytes: file.bytes,
      sha256: file.sha256,
      ...(request.applyTime ? { applyTime: request.applyTime } : {}),
    });
  }

  private plan(
    request: UpdateRequest,
    file: ReceivedFile,
  ): { header: FirmwareImageHeader; components: SimComponent[] } | { error: string } {
    const header = parseFirmwareHeader(file.head);
    if (!header) return { error: 'The image is not a firmware image (no FWIMG header).' };
    const fits = (c: SimComponent) =>
      c.kind === header.kind && (!header.pn || c.pn === header.pn) && c.updateable !== false;
    const resolved = this.resolveTargets(request.targets);
    if ('unknown' in resolved) return { error: `Unknown target ${resolved.unknown}.` };
    const components =
      request.targets.length > 0 ? resolved.components : this.host.server.components.filter(fits);
    if (components.length === 0) return { error: `No component takes a ${header.kind} image.` };
    const wrong = components.find((c) => !fits(c));
    if (wrong) return { error: `The ${header.kind} image does not fit ${wrong.id}.` };
    return { header, components };
  }

  private apply(components: SimComponent[], version: string, applyTime: UpdateRequest['applyTime']) {
    for (const component of components) {
      if (applyTime === 'OnReset') this.staged.push({ component, version });
      else component.version = version;
    }
  }

  private async run(task: SimTask, request: UpdateRequest, pending: Promise<ReceivedFile>) {
    task.state = 'Running';
    task.message(`${REG}.UpdateInProgress`, 'An update is in progress.');
    let file: ReceivedFile;
    try {
      file = await pending;
    } catch (error) {
      task.message(
        `${REG}.TransferFailed`,
        `Transfer of the image failed: ${(error as Error).message}`,
        'Critical',
      );
      return task.finish('Exception');
    }
    this.record(request, file);
    const plan = this.plan(request, file);
    if ('error' in plan) {
      task.message(`${REG}.VerificationFailed`, plan.error, 'Critical');
      return task.finish('Exception');
    }
    const names = plan.components.map((c) => c.id);
    task.message(
      `${REG}.ApplyingOnComponent`,
      `Applying ${plan.header.version} on ${names.join(', ')}.`,
      'OK',
      names,
    );
    const finish = () => {
      if (this.host.misbehaviour().failUpdate) {
        task.message(`${REG}.ApplyFailed`, `Installation on ${names.join(', ')} failed.`, 'Critical', names);
        return task.finish('Exception');
      }
      this.apply(plan.components, plan.header.version, request.applyTime);
      if (request.applyTime === 'OnReset')
        task.message(`${REG}.AwaitToActivate`, 'Awaiting a reset to activate.', 'OK', names);
      else task.message(`${REG}.UpdateSuccessful`, `Successfully updated ${names.join(', ')}.`, 'OK', names);
      task.finish('Completed');
    };
    let resetDone = false;
    while (task.percent < 100) {
      await sleep(this.host.taskMs / STEPS, undefined, { ref: false });
      if (this.host.closed()) return;
      const m = this.host.misbehaviour();
      if (m.stallTasks && task.percent >= 50) continue;
      task.percent = Math.min(99, task.percent + 100 / STEPS);
      if (m.resetDuringUpdate && !resetDone && task.percent >= 50) {
        resetDone = true;
        // The BMC reboots into the new image: the task is finished when it answers again.
        return this.host.reset(m.resetMs ?? 3000, finish);
      }
      if (task.percent >= 99) break;
    }
    finish();
  }
}
