// The data the web benches' signed-in pages are measured on. The demo alone gives the demo customer
// 2 advisories and 2 servers: the lists render a handful of rows where a real customer's render a
// full page of 10, and the home's counts are a toy's. Our speed targets are to be measured on data
// shaped like real use, so by default the demo customer also gets a fleet of a few hundred servers
// and a few dozen advisories (bench/README.md, bench:web). `BENCH_WEB_DATA=demo`: the demo only, as
// the figures before 2026-12-04 21:20 UTC were measured.
import { eq } from 'drizzle-orm';
import { users } from '../../apps/server/src/db/schema';
import type { Clock } from '../../apps/server/src/lib/clock';
import type { BenchPortal } from './portal';
import { seedBenchAdvisories } from './web-bench-advisories';
import { readBenchCatalogue } from './web-bench-catalogue';
import { seedBenchFleet } from './web-bench-fleet';

export type WebBenchData = 'realistic' | 'demo';

/** `BENCH_WEB_DATA`: `realistic` (default) or `demo`. */
export function webBenchData(): WebBenchData {
  const value = process.env.BENCH_WEB_DATA ?? 'realistic';
  if (value !== 'realistic' && value !== 'demo')
    throw new Error(`BENCH_WEB_DATA is "realistic" or "demo", not "${value}"`);
  return value;
}

/**
 * The web bench portal's clock: the system's, except while `asOf` runs something as of a past
 * date. The authoring workflow makes an approved advisory visible from the time of approval, so
 * advisories published over two years are approved, each, at its own date.
 */
export class RewindableClock implements Clock {
  private fixed: Date | null = null;
  now() {
    return this.fixed ? new Date(this.fixed) : new Date();
  }
  async asOf<T>(date: Date, run: () => Promise<T>): Promise<T> {
    this.fixed = date;
    try {
      return await run();
    } finally {
      this.fixed = null;
    }
  }
}

/** A real customer's scale: a fleet of hundreds of servers, three pages of advisories. */
export const BENCH_FLEET_SERVERS = 300;
export const BENCH_ADVISORIES = 30;
/** Fixed seeds: every run draws the same servers and advisories, so runs compare. */
const FLEET_SEED = 40;
const ADVISORY_SEED = 33;

/**
 * Adds the realistic data for the demo customer to a portal the demo was seeded into (after its
 * advisories and inventory): its fleet, reported through the inventory service, and advisories
 * through the authoring workflow. Prints what was added, and how long it took.
 */
export async function seedWebBenchData(portal: Pick<BenchPortal, 'db' | 'app'>, clock: RewindableClock) {
  const started = performance.now();
  const { db, app } = portal;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'demo'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.adminType, '1')).limit(1);
  if (!demo || !admin) throw new Error('seed the demo first: no demo customer or super admin');
  const catalogue = await readBenchCatalogue(db, app.services.catalogAccess, demo.id);
  const fleet = await seedBenchFleet(db, app.services.inventory, demo.id, catalogue, {
    count: BENCH_FLEET_SERVERS,
    seed: FLEET_SEED,
  });
  await seedBenchAdvisories(app.services.advisoryAuthoring, admin.id, catalogue, {
    count: BENCH_ADVISORIES,
    seed: ADVISORY_SEED,
    asOf: (date, run) => clock.asOf(date, run),
  });
  console.log(
    `web bench data: ${fleet.servers} more servers for the demo customer (${fleet.reported} reporting ` +
      `${fleet.components} components), ${BENCH_ADVISORIES} more advisories, in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
