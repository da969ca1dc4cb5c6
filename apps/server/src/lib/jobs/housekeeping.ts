import type { FastifyBaseLogger } from 'fastify';

/** Calls `tick` every `everyMs` until the function it returns is called. */
export type Schedule = (tick: () => void, everyMs: number) => () => void;

/** A plain interval that does not keep the process alive. */
const intervalSchedule: Schedule = (tick, everyMs) => {
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * A periodic chore (removing expired task results, stale scratch folders, retrying mail) on a
 * plain timer: idempotent work every worker process may do, so it needs no queue and no schedule.
 * Rounds never overlap: a tick that comes while the last round still runs (a mail round can take
 * minutes against a slow server, ticks come every 15 s) is skipped, so `stop()` has one round at
 * most to wait for.
 */
export class Housekeeping {
  private cancel: (() => void) | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly everyMs: number,
    private readonly chore: () => Promise<void>,
    private readonly schedule: Schedule = intervalSchedule,
  ) {}

  /** The first round runs at once unless `firstRoundNow` is false (then after one interval). */
  start({ firstRoundNow = true }: { firstRoundNow?: boolean } = {}): void {
    if (this.cancel) return;
    this.cancel = this.schedule(() => this.round(), this.everyMs);
    if (firstRoundNow) this.round();
  }

  /** No new round starts; resolves when the running one (if any) has ended. */
  async stop(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    await this.running;
  }

  private round(): void {
    if (this.running) {
      this.log.debug('housekeeping round still running: tick skipped');
      return;
    }
    this.running = this.chore()
      .catch((err: unknown) => this.log.error({ err }, 'housekeeping failed'))
      .finally(() => {
        this.running = null;
      });
  }
}
