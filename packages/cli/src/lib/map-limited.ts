/** `work` on every item, at most `limit` at once; results in the items' order. */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `mapLimited` that keeps every outcome, a failure included, in the items' order. */
export function settleLimited<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  return mapLimited(items, limit, (item) =>
    work(item).then(
      (value): PromiseSettledResult<R> => ({ status: 'fulfilled', value }),
      (reason: unknown): PromiseSettledResult<R> => ({ status: 'rejected', reason }),
    ),
  );
}
