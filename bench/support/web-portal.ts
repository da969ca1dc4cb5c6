import path from 'node:path';
import { seedAdvisories } from '../../apps/server/src/db/seed/seed-advisories';
import { seedInventory } from '../../apps/server/src/db/seed/seed-inventory';
import { startBenchPortal } from './portal';
import { RewindableClock, seedWebBenchData, webBenchData } from './web-bench-data';

/** `BENCH_WEB_DIST`: another build to measure (e.g. a copy of an earlier one, for before/after). */
export const benchWebDist = path.resolve(
  process.env.BENCH_WEB_DIST ?? path.join(import.meta.dirname, '../../apps/web/dist'),
);

/**
 * The portal serving the built web app as `npm start` does, with the demo's advisories and
 * servers as `npm start` seeds them (without them the advisories list and My servers are empty,
 * and their first row, what makes them usable, never shows), and on top of them a real
 * customer's fleet and advisories (`seedWebBenchData`) unless `BENCH_WEB_DATA=demo`.
 */
export async function startWebBenchPortal(webDist = benchWebDist) {
  const data = webBenchData();
  const clock = new RewindableClock();
  const portal = await startBenchPortal({ webDist: path.resolve(webDist), clock });
  await seedAdvisories(portal.db, portal.app.services.advisoryAuthoring);
  await seedInventory(portal.db, portal.app.services.inventory);
  if (data === 'realistic') await seedWebBenchData(portal, clock);
  return portal;
}

/** A script that signs the page's origin in with `token`, as the console keeps it. */
export const signInScript = (token: string) =>
  `localStorage.setItem('portal.accessToken', JSON.stringify({ value: ${JSON.stringify(token)}, expiresAt: null }))`;
