import type { Db } from '../../../../apps/server/src/db/connection';
import type { FileStore } from '../../../../apps/server/src/lib/file-store/file-store';
import { createItem, createVersion } from '../../../../apps/server/src/test/catalog-factories';
import { makeFirmwareImage } from '../../../../tools/bmc-sim/firmware-image.ts';

/** One firmware component of the fleet's model: the release its servers shipped with and a newer one. */
export type FleetFirmware = {
  component: string;
  itemId: number;
  itemCode: string;
  itemName: string;
  installed: string;
  newest: string;
  newestVersionId: number;
};

/** The server firmware components of spec section 1, written out (not read from the code under test). */
export const FLEET_COMPONENTS = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID'] as const;

/**
 * The catalogue the CLI tests read, instead of the demo's: for the fleet's model, one item per
 * server firmware kind, each with an older and a newer release. Items are named after the model
 * so a keyword search finds all of them and a kind filter has something to narrow. A configuration
 * file for the model is published too: not firmware, so no fleet check or download may pick it.
 * Every file is a firmware image the test BMC takes (bmc-sim: `FWIMG <KIND> <version>` header),
 * `imageBytes` long (4 kB unless told: the bench asks for a few MB).
 */
export async function buildFleetCatalogue(
  db: Db,
  store: FileStore,
  model: { id: number; code: string },
  imageBytes = 4096,
): Promise<FleetFirmware[]> {
  const catalogue: FleetFirmware[] = [];
  for (const [index, component] of FLEET_COMPONENTS.entries()) {
    const item = await createItem(db, {
      kind: component,
      code: `fleet-${model.code.toLowerCase()}-${component.toLowerCase()}`,
      name: `${model.code} ${component} firmware`,
    });
    // Distinct version lines per component, so a row matched in the output is that component's.
    const [installed, newest] = [`${index + 1}.0.1`, `${index + 1}.1.2`];
    const release = (version: string, releaseDate: string) =>
      createVersion(db, store, {
        itemId: item.id,
        version,
        releaseDate,
        modelIds: [model.id],
        bytes: makeFirmwareImage({ kind: component, version }, imageBytes),
      });
    await release(installed, '2025-03-01');
    const newer = await release(newest, '2026-06-01');
    catalogue.push({
      component,
      itemId: item.id,
      itemCode: item.code,
      itemName: item.nameEn,
      installed,
      newest,
      newestVersionId: newer.id,
    });
  }
  const config = await createItem(db, { kind: 'CONFIG', name: `${model.code} BIOS and BMC settings` });
  await createVersion(db, store, { itemId: config.id, version: '9.9.9', modelIds: [model.id] });
  return catalogue;
}

/** The fleet catalogue's entry for `component`. */
export function firmwareOf(catalogue: FleetFirmware[], component: string): FleetFirmware {
  const found = catalogue.find((firmware) => firmware.component === component);
  if (!found) throw new Error(`no ${component} in the fleet catalogue`);
  return found;
}

/** What the servers run when shipped: the older release of every component (so each has an update). */
export const shippedFirmware = (catalogue: FleetFirmware[]) =>
  Object.fromEntries(catalogue.map((firmware) => [firmware.component, firmware.installed]));
