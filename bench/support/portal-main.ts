// The benchmark portal as a process of its own, as it runs in production: the load generator's
// own work (fetch, JSON parsing) then does not share the portal's event loop. Prints one JSON
// line { url, token } once listening, and closes on SIGTERM.
import { startBenchPortal } from './portal';

const portal = await startBenchPortal({ databaseUrl: process.env.BENCH_PORTAL_DATABASE_URL });
process.stdout.write(`${JSON.stringify({ url: portal.url, token: portal.token })}\n`);
process.on('SIGTERM', () => {
  void portal.close().then(() => process.exit(0));
});
