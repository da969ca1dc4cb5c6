import type { RateCounters } from './counters';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin hands a store: its options, with `routeInfo` (method, url) for a route's child. */
type StoreOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store over the shared database counters: the plugin's in-memory store
 * would give every process behind a load balancer a limit of its own. Keys are namespaced by
 * route, as the plugin's own stores keep one map per route.
 */
export function databaseRateLimitStore(counters: RateCounters) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(options: object = {}) {
      const { routeInfo } = options as StoreOptions;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      this.prefix = `rl:${method}:${routeInfo?.url ?? ''}:`;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (state) => callback(null, { current: state.count, ttl: ttlOf(state.expiresAt) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: IncrCallback): void {
      counters.peek(this.prefix + key).then(
        (state) =>
          callback(
            null,
            state ? { current: state.count, ttl: ttlOf(state.expiresAt) } : { current: 0, ttl: 0 },
          ),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };

  function ttlOf(expiresAt: Date): number {
    return Math.max(0, expiresAt.getTime() - counters.now().getTime());
  }
}
