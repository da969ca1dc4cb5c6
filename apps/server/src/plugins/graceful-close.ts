import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long before the end of the grace (SHUTDOWN_GRACE_MS) connections still open are cut: the
 * rest of the close (download records, job queue, database) must fit before close-with-grace
 * kills the process, or a kill would cut writes the portal already acknowledged.
 */
export const CUT_BEFORE_GRACE_ENDS_MS = 1_500;

/** What the parts that stop in parallel with the requests (the job workers) may take. */
export function closeBudgetMs(graceMs: number): number {
  return Math.max(500, graceMs - CUT_BEFORE_GRACE_ENDS_MS - 500);
}

/**
 * A stop that a load balancer in front does not see as errors (issue 31):
 * - the listening socket closes at once, so new connections go to the other processes (a refused
 *   connect is retried by nginx for every method: nothing of the request was sent, and nginx
 *   then leaves this process alone for its fail_timeout);
 * - a drain of up to `drainMs` follows: readiness answers 503, the keep-alive connections already
 *   open stay open and are served, every response with `Connection: close` (Fastify sets it while
 *   closing; its bare 503 is turned off in app.ts), so each ends cleanly after its next response.
 *   Closing an idle keep-alive connection at once instead (Node's server.close does) races with
 *   nginx sending a request on it: a reset, which nginx retries for a GET but answers 502 for a
 *   POST (measured in the test: 9-12 POSTs of 12,000-22,000 requests);
 * - then the connections still idle close and requests in flight finish;
 * - requests in flight get until shortly before the grace ends; connections still open then (a
 *   download to a slow client) are cut, the download's record saying how far it got, so the
 *   process ends before close-with-grace's kill (the client resumes with Range elsewhere).
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance, options: { graceMs: number; drainMs: number }) => {
    let cut: NodeJS.Timeout | undefined;
    let draining = false;
    app.decorate('draining', () => draining);
    app.addHook('preClose', async () => {
      draining = true;
      cut = setTimeout(
        () => {
          const open = app.server.listening ? 'listening' : 'closed';
          app.log.warn({ server: open }, 'shutdown grace nearly over: cutting the connections still open');
          app.server.closeAllConnections();
        },
        Math.max(0, options.graceMs - CUT_BEFORE_GRACE_ENDS_MS),
      );
      cut.unref();
      if (!app.server.listening) return;
      // net.Server's own close: it stops accepting without http.Server's closeIdleConnections().
      // Fastify's server.close() later closes what is idle then and waits for the rest.
      net.Server.prototype.close.call(app.server);
      if (options.drainMs > 0) await drained(app, options.drainMs);
    });
    app.addHook('onClose', () => clearTimeout(cut));
  },
);

/** Waits `drainMs`, or less once no connection is left open. */
async function drained(app: FastifyInstance, drainMs: number): Promise<void> {
  const openConnections = () =>
    new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
  const until = Date.now() + drainMs;
  while (Date.now() < until && (await openConnections()) > 0)
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(0, until - Date.now()))));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of a graceful stop: readiness answers 503 from then on. */
    draining(): boolean;
  }
}
