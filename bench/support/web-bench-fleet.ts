// The demo customer's fleet for the web benches (issue 40's "data shaped like real use"): a few
// hundred servers of every catalogue model, each with its own cards and its own version of every
// component, drawn on its own, so nearly every server runs a combination of its own and the
// states vary as they do in a real fleet: vulnerable, under investigation, outdated, unknown,
// current. Shipped (serial_numbers) as the demo seed ships its two; the versions they run are
// reported through the real inventory service, so compliance is the portal's own.
import { type InventoryKind, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import type { Db } from '../../apps/server/src/db/connection';
import { serialNumbers, userSerials } from '../../apps/server/src/db/schema';
import { DEMO_COMPANY } from '../../apps/server/src/db/seed/seed-data';
import { daysFrom, seedDay, yearsFrom } from '../../apps/server/src/db/seed/seed-dates';
import { DAY_MS } from '../../apps/server/src/lib/clock';
import type { InventoryService } from '../../apps/server/src/modules/fleet/inventory.service';
import { type Release, releaseKey } from '@portal/contract/compliance';
import type { BenchCatalogue, BenchModel } from './web-bench-catalogue';
import { type SeededDraws, seededDraws } from './seeded-draws';

/** More servers bought than the newer models, fewer of the GPU model: one customer's mix. */
const MODEL_WEIGHTS: Record<string, number> = {
  'M7-2U': 4,
  'M7-4U': 1,
  'M6-1U': 2,
  'M6-2U': 2,
  'A7-2U': 1.5,
};
/** When each family was sold (days before today): an M6 is years older than an A7. */
const SHIPPED_DAYS_AGO: Record<string, [number, number]> = {
  M6: [1100, 2200],
  M7: [200, 1100],
  A7: [30, 700],
};
/** Cards the catalogue has no firmware for (as the demo's other customers have): their state is unknown. */
const UNLISTED_CARDS = ['PN-GPU-A-80G', 'PN-NIC-200G-1P', 'PN-RAID-9460-16I'];
/** Servers that never reported: only what the shipping record says is known of them. */
const NEVER_REPORTED = 0.12;
/** Servers bought through a reseller: shipped to it, bound and verified by the customer. */
const THROUGH_RESELLER = 0.1;
const RESELLER = 'Tailspin Systems Integration';
/** What a BMC or an older tool says when it cannot read a version: the catalogue cannot order it. */
const UNREADABLE = ['U46 v2.72', 'N/A', 'unknown'];

type Component = { kind: InventoryKind; pn?: string; slot?: string; version: string };
type Server = {
  sn: string;
  modelId: number;
  shipDate: string;
  maintenanceEnd: string;
  pcieParts: string[];
  shipped: Record<string, string>;
  throughReseller: boolean;
  /** Undefined: never reported. */
  report?: { source: 'api' | 'audit'; seenAt: string; components: Component[] };
};

/** A version of a component the catalogue publishes nothing for (its vendor's own numbering). */
const vendorVersion = (draw: SeededDraws) => `${1 + draw.below(3)}.${draw.below(10)}.${draw.below(30)}`;

/**
 * The version a server runs: the newest release with the server's `upToDate` likelihood, else any
 * earlier one; rarely a string nobody can order, or a hotfix build support handed out (newer than
 * any release). Drawn per component, so a server current on its BMC may be behind on its BIOS.
 */
function runningVersion(releases: Release[] | undefined, upToDate: number, draw: SeededDraws): string {
  if (draw.chance(0.015)) return draw.pick(UNREADABLE);
  if (!releases?.length) return vendorVersion(draw);
  const newest = releases.at(-1)!.version;
  if (draw.chance(0.01)) return `${newest}.1`;
  if (releases.length === 1 || draw.chance(upToDate)) return newest;
  return draw.pick(releases.slice(0, -1)).version;
}

function drawServer(
  n: number,
  catalogue: BenchCatalogue,
  today: string,
  now: Date,
  draw: SeededDraws,
): Server {
  const model: BenchModel = draw.weighted(
    catalogue.models.map((m) => [m, MODEL_WEIGHTS[m.code] ?? 1] as const),
  );
  const releasesOf = (kind: string) => catalogue.releases.get(releaseKey({ modelId: model.id, kind }));
  const [soonest, latest] = SHIPPED_DAYS_AGO[model.family] ?? [30, 2000];
  const shipDate = daysFrom(today, -(soonest + draw.below(latest - soonest)));
  const sn = `${model.code.replace('-', 'S')}${shipDate.slice(2, 4)}9${String(n).padStart(5, '0')}`;
  // Cards: none to three, in their own slots (one riser layout per server: slots 1-3 or 3-5);
  // most of them ones the catalogue has firmware for.
  const firstSlot = 1 + 2 * draw.below(2);
  const cards = Array.from(
    {
      length: draw.weighted([
        [0, 1],
        [1, 3],
        [2, 4],
        [3, 2],
      ] as const),
    },
    (_, j) => ({
      pn:
        draw.chance(0.85) && catalogue.cards.length > 0
          ? draw.pick(catalogue.cards)
          : draw.pick(UNLISTED_CARDS),
      slot: `slot${firstSlot + j}`,
    }),
  );
  // What the factory flashed (the oldest releases), when the shipping record says it at all.
  const shipped: Record<string, string> = {};
  if (draw.chance(0.75))
    for (const kind of ['BMC', 'BIOS']) {
      const releases = releasesOf(kind);
      if (releases?.length) shipped[kind] = draw.pick(releases.slice(0, 2)).version;
    }
  const server: Server = {
    sn,
    modelId: model.id,
    shipDate,
    maintenanceEnd: daysFrom(yearsFrom(shipDate, draw.chance(0.6) ? 3 : 5), -1),
    pcieParts: cards.map((card) => card.pn),
    shipped,
    throughReseller: draw.chance(THROUGH_RESELLER),
  };
  if (draw.chance(NEVER_REPORTED)) return server;
  // How well this server's owners keep it updated: from a neglected lab box to a golden image.
  const upToDate = 0.5 + 0.5 * draw.random();
  const components: Component[] = [];
  for (const kind of SERVER_FIRMWARE_KINDS) {
    const releases = releasesOf(kind);
    // The BMC and BIOS always; the rest when the reporting tool reads them (seldom when the vendor
    // publishes nothing for them on this model: most tools read only what they can update).
    const reported = kind === 'BMC' || kind === 'BIOS' || draw.chance(releases?.length ? 0.75 : 0.05);
    if (reported) components.push({ kind, version: runningVersion(releases, upToDate, draw) });
  }
  for (const card of cards)
    components.push({
      kind: 'PCIE',
      pn: card.pn,
      slot: card.slot,
      version: runningVersion(catalogue.releases.get(releaseKey({ pn: card.pn })), upToDate, draw),
    });
  // Most report daily, a tail has not reported for weeks or months.
  const seenAt = new Date(now.getTime() - Math.floor(draw.random() ** 3 * 180 * DAY_MS)).toISOString();
  server.report = { source: draw.chance(0.25) ? 'audit' : 'api', seenAt, components };
  return server;
}

/**
 * Ships `count` servers to the demo company (a tenth through a reseller, bound and verified by
 * `userId`) and reports what the reporting ones run, as `userId`, in one report per source.
 */
export async function seedBenchFleet(
  db: Db,
  inventory: InventoryService,
  userId: number,
  catalogue: BenchCatalogue,
  { count, seed, now = new Date() }: { count: number; seed: number; now?: Date },
) {
  const draw = seededDraws(seed);
  const today = seedDay(now);
  const fleet = Array.from({ length: count }, (_, i) => drawServer(i + 1, catalogue, today, now, draw));
  await db.insert(serialNumbers).values(
    fleet.map((server) => ({
      sn: server.sn,
      modelId: server.modelId,
      customerName: server.throughReseller ? RESELLER : DEMO_COMPANY,
      shipDate: server.shipDate,
      maintenanceEnd: server.maintenanceEnd,
      pcieParts: server.pcieParts,
      installedFirmware: server.shipped,
    })),
  );
  const bound = fleet.filter((server) => server.throughReseller);
  if (bound.length > 0)
    await db
      .insert(userSerials)
      .values(
        bound.map((server) => ({ userId, sn: server.sn, state: 'verified', boundAt: now, verifiedAt: now })),
      );
  for (const source of ['api', 'audit'] as const) {
    const servers = fleet.flatMap((server) =>
      server.report?.source === source
        ? [{ sn: server.sn, seenAt: server.report.seenAt, components: server.report.components }]
        : [],
    );
    if (servers.length === 0) continue;
    const result = await inventory.report(userId, { source, servers });
    if (result.accepted !== servers.length)
      throw new Error(`the ${source} report took ${result.accepted} of ${servers.length} servers`);
  }
  return {
    servers: fleet.length,
    reported: fleet.filter((server) => server.report).length,
    components: fleet.reduce((sum, server) => sum + (server.report?.components.length ?? 0), 0),
  };
}
