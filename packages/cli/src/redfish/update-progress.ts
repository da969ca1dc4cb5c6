import type { Translate } from '../i18n.ts';
import { formatBytes } from '../table.ts';

const REDRAW_MS = 200;
const BAR_CELLS = 24;

/**
 * The update's line on stderr, redrawn in place (as download/progress.ts): servers done, the
 * task progress of those under way, bytes sent to BMCs and the speed. Only on a terminal; piped
 * stderr (cron, CI logs) gets nothing, and stdout is never touched.
 */
export class UpdateProgress {
  private sent = 0;
  private done = 0;
  private lastDraw = 0;
  private readonly started = Date.now();
  private readonly percents = new Map<string, number>();
  private readonly stream: NodeJS.WritableStream & { isTTY?: boolean };
  private readonly servers: number;
  private readonly t: Translate;

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean }, servers: number, t: Translate) {
    this.stream = stream;
    this.servers = servers;
    this.t = t;
  }

  get bytesSent(): number {
    return this.sent;
  }

  bytes(count: number): void {
    this.sent += count;
    this.draw(false);
  }

  /** A server's current task at `percent` (null: not told). */
  task(server: string, percent: number | null): void {
    this.percents.set(server, Math.max(0, Math.min(100, percent ?? 0)));
    this.draw(false);
  }

  serverDone(server: string): void {
    this.percents.delete(server);
    this.done += 1;
    this.draw(true);
  }

  finish(): void {
    if (this.stream.isTTY === true && this.lastDraw > 0) this.stream.write('\n');
  }

  private draw(force: boolean): void {
    const now = Date.now();
    if (this.stream.isTTY !== true || (!force && now - this.lastDraw < REDRAW_MS)) return;
    this.lastDraw = now;
    const running = [...this.percents.values()].reduce((sum, percent) => sum + percent / 100, 0);
    const share = this.servers > 0 ? Math.min(1, (this.done + running) / this.servers) : 1;
    const filled = Math.round(share * BAR_CELLS);
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const line = this.t('update.progress', {
      bar: `${'#'.repeat(filled)}${'-'.repeat(BAR_CELLS - filled)}`,
      percent: Math.floor(share * 100),
      done: this.done,
      count: this.servers,
      sent: formatBytes(this.sent),
      speed: formatBytes(this.sent / seconds),
    });
    this.stream.write(`\r${line}\u001b[K`);
  }
}
