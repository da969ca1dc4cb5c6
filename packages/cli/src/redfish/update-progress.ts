import type { Translate } from '../i18n.ts';
import { progressBar, RedrawnLine } from '../redrawn-line.ts';
import { formatBytes } from '../table.ts';

/**
 * The update's line on stderr (see RedrawnLine, as download/progress.ts): servers done, the task
 * progress of those under way, bytes sent to BMCs and the speed.
 */
export class UpdateProgress {
  private sent = 0;
  private done = 0;
  private readonly percents = new Map<string, number>();
  private readonly line: RedrawnLine;
  private readonly servers: number;
  private readonly t: Translate;

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean }, servers: number, t: Translate) {
    this.line = new RedrawnLine(stream);
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
    this.line.finish();
  }

  private draw(force: boolean): void {
    this.line.draw(force, (seconds) => {
      const running = [...this.percents.values()].reduce((sum, percent) => sum + percent / 100, 0);
      const share = this.servers > 0 ? Math.min(1, (this.done + running) / this.servers) : 1;
      return this.t('update.progress', {
        ...progressBar(share),
        done: this.done,
        count: this.servers,
        sent: formatBytes(this.sent),
        speed: formatBytes(this.sent / seconds),
      });
    });
  }
}
