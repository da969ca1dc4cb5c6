/**
 * Polls `probe` until it returns something other than undefined; a probe that throws (a server
 * not up yet) counts as not yet. Fails after `ms`, naming what it waited for and the last error.
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}`, lastError ? { cause: lastError } : undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
