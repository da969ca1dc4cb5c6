const REDRAW_MS = 200;
const BAR_CELLS = 24;

type Stderr = NodeJS.WritableStream & { isTTY?: boolean };

/** `share` (0 to 1) of a progress line: a bar of `#` and `-`, and the whole percent. */
export function progressBar(share: number): { bar: string; percent: number } {
  const filled = Math.round(share * BAR_CELLS);
  return { bar: `${'#'.repeat(filled)}${'-'.repeat(BAR_CELLS - filled)}`, percent: Math.floor(share * 100) };
}

/**
 * A line on stderr redrawn in place, at most every REDRAW_MS unless a step is done (`force`), so a
 * fast stream of bytes does not flood the terminal. Only on a terminal: piped or redirected stderr
 * (cron, CI logs) gets nothing, and stdout is never touched.
 */
export class RedrawnLine {
  private lastDraw = 0;
  private readonly started = Date.now();
  private readonly stream: Stderr;

  constructor(stream: Stderr) {
    this.stream = stream;
  }

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  /** Writes `render(seconds since the start)` over the line, unless it is too soon. */
  draw(force: boolean, render: (seconds: number) => string): void {
    const now = Date.now();
    if (!this.enabled || (!force && now - this.lastDraw < REDRAW_MS)) return;
    this.lastDraw = now;
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    this.stream.write(`\r${render(seconds)}\u001b[K`);
  }

  /** Ends the line, if one was drawn, so what follows starts on its own. */
  finish(): void {
    if (this.enabled && this.lastDraw > 0) this.stream.write('\n');
  }
}
