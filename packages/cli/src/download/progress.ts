import type { Translate } from '../i18n.ts';
import { progressBar, RedrawnLine } from '../redrawn-line.ts';
import { formatBytes } from '../table.ts';

/** The download's line on stderr (see RedrawnLine): bytes, speed, files done. */
export class Progress {
  private done = 0;
  private filesDone = 0;
  private readonly line: RedrawnLine;
  private readonly total: number;
  private readonly files: number;
  private readonly t: Translate;

  constructor(
    stream: NodeJS.WritableStream & { isTTY?: boolean },
    total: number,
    files: number,
    t: Translate,
  ) {
    this.line = new RedrawnLine(stream);
    this.total = total;
    this.files = files;
    this.t = t;
  }

  get enabled(): boolean {
    return this.line.enabled;
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
    this.line.finish();
  }

  private draw(force: boolean): void {
    this.line.draw(force, (seconds) => {
      const share = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
      return this.t('progress.line', {
        ...progressBar(share),
        done: formatBytes(this.done),
        total: formatBytes(this.total),
        speed: formatBytes(this.done / seconds),
        files: this.filesDone,
        count: this.files,
      });
    });
  }
}
