import type { Translate } from '../i18n.ts';
import { formatBytes } from '../table.ts';

const REDRAW_MS = 200;
const BAR_CELLS = 24;

/**
 * One line on stderr, redrawn in place: bytes, speed, files done. Only on a terminal; piped or
 * redirected stderr (CI logs) gets nothing, and stdout is never touched.
 */
export class Progress {
  private done = 0;
  private filesDone = 0;
  private lastDraw = 0;
  private readonly started = Date.now();
  private readonly stream: NodeJS.WritableStream & { isTTY?: boolean };
  private readonly total: number;
  private readonly files: number;
  private readonly t: Translate;

  constructor(
    stream: NodeJS.WritableStream & { isTTY?: boolean },
    total: number,
    files: number,
    t: Translate,
  ) {
    this.stream = stream;
    this.total = total;
    this.files = files;
    this.t = t;
  }

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  add(bytes: number): void {
    this.done += bytes;
    this.draw(false);
  }

  fileDone(): void {
    this.filesDone += 1;
    this.draw(true);
  }

  finish(): void {
    if (this.enabled && this.lastDraw > 0) this.stream.write('\n');
  }

  private draw(force: boolean): void {
    const now = Date.now();
    if (!this.enabled || (!force && now - this.lastDraw < REDRAW_MS)) return;
    this.lastDraw = now;
    const share = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const filled = Math.round(share * BAR_CELLS);
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const line = this.t('progress.line', {
      bar: `${'#'.repeat(filled)}${'-'.repeat(BAR_CELLS - filled)}`,
      percent: Math.floor(share * 100),
      done: formatBytes(this.done),
      total: formatBytes(this.total),
      speed: formatBytes(this.done / seconds),
      files: this.filesDone,
      count: this.files,
    });
    this.stream.write(`\r${line}\u001b[K`);
  }
}
