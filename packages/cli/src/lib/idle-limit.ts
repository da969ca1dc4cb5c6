/**
 * A limit on how long work may go without progress: `expired` rejects with `failure()` once `ms`
 * pass without a `touch()` (one given at the start); `stop()` ends the watch. Raced against work
 * the kernel may hold forever (a hung disk), which no one can call back.
 */
export function idleLimit(ms: number, failure: () => Error) {
  let timer: NodeJS.Timeout | undefined;
  let fail: (error: Error) => void = () => undefined;
  const expired = new Promise<never>((_, reject) => {
    fail = reject;
  });
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(failure()), ms);
  };
  touch();
  return { expired, touch, stop: () => clearTimeout(timer) };
}
