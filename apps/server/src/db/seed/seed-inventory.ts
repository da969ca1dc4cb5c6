import { eq } from 'drizzle-orm';
import type { InventoryService } from '../../modules/fleet/inventory.service';
import type { Db } from '../connection';
import { installedComponents, users } from '../schema';
import { DAY_MS } from '../../lib/clock';

/**
 * The demo customer's reported inventories (issue 34), written once after the catalogue and the
 * advisories: its M7 runs a BMC and a NIC card with published advisories (vulnerable), a PSU two
 * releases behind (outdated) and a current BIOS and RAID card; its M6 a current BMC and an older
 * BIOS. One report came from the API a few days ago, a newer one from an upload.
 */
export async function seedInventory(db: Db, inventory: InventoryService, now: Date = new Date()) {
  const existing = await db.select({ sn: installedComponents.sn }).from(installedComponents).limit(1);
  if (existing.length > 0) return;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'demo'));
  if (!demo) return;
  await inventory.report(demo.id, {
    source: 'api',
    servers: [
      {
        sn: 'M7S2U24000101',
        seenAt: new Date(now.getTime() - 6 * DAY_MS).toISOString(),
        components: [
          { kind: 'BMC', version: '4.0.1' },
          { kind: 'BIOS', version: '6.1.2' },
          { kind: 'PSU', version: '1.0.1' },
          { kind: 'PCIE', pn: 'PN-NIC-25G-2P', slot: 'slot2', version: '22.31.1014' },
          { kind: 'PCIE', pn: 'PN-RAID-9560-8I', slot: 'slot4', version: '22.36.1010' },
        ],
      },
      {
        sn: 'M6S1U22000417',
        seenAt: new Date(now.getTime() - 6 * DAY_MS).toISOString(),
        components: [
          { kind: 'BMC', version: '3.1.2' },
          { kind: 'BIOS', version: '5.0.1' },
        ],
      },
    ],
  });
  await inventory.report(demo.id, {
    source: 'upload',
    servers: [
      {
        sn: 'M6S1U22000417',
        seenAt: new Date(now.getTime() - 2 * DAY_MS).toISOString(),
        components: [{ kind: 'BIOS', version: '5.1.0' }],
      },
    ],
  });
}
