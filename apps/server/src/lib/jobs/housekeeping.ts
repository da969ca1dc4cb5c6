import type { FastifyBaseLogger } from 'fastify';

/**
 * A periodic chore (removing expired task results, stale scratch folders) on a plain timer:
 * idempotent work every worker process may do, so it needs no queue and no schedule.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly everyMs: number,
    private readonly chore: () => Promise<void>,
  ) {}

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.chore()
        .catch((err: unknown) => this.log.error({ err }, 'housekeeping failed'))
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
