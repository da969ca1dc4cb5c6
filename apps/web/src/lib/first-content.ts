/*
 * The console frame's extras (the user menu's dropdown, the notices bell: antd and its styles,
 * about 140 kB compressed) load once the browser is idle after the page. A page that waits for
 * data is idle while its request is out, so they came in first and its content after them
 * (issue 32 §4: /homePage needed 370 kB before its newest releases showed). Such a page holds
 * the extras back until its first content is on screen, for at most a few seconds.
 */

let held: Promise<void> | null = null;
let release: () => void = () => undefined;

/** Called before the page renders (app/early-loads.ts): the frame's extras wait for `firstContentShown`. */
export function holdExtrasUntilFirstContent(maxMs = 3000): void {
  held = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    release = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/** The page's first content is shown (or failed to load): the extras may come now. Idempotent. */
export function firstContentShown(): void {
  release();
}

/** Resolves once the extras may load: at once unless a page is holding them back. */
export function extrasMayLoad(): Promise<void> {
  return held ?? Promise.resolve();
}
