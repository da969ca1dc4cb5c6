import { createItem, createModel, createVersion } from './catalog-factories';
import { grantItem } from './download-fixtures';
import type { TestApp } from './test-app';

/** Part numbers of the PCIe cards the bundle catalogue has firmware for. */
export const PARTS = {
  nic10g: 'PN-NIC-10G-2P',
  nic25g: 'PN-NIC-25G-2P',
  raid: 'PN-RAID-9560-8I',
  hba: 'PN-HBA-9500-16I',
} as const;

const PART_VERSIONS: [string, string][] = [
  [PARTS.nic10g, '14.32.1020'],
  [PARTS.nic25g, '22.36.1010'],
  [PARTS.raid, '7.2.0'],
  [PARTS.hba, '24.0.0'],
];

/**
 * The catalogue bundle and LiveCD tasks pick from: one model with BMC (4.0.1, 4.1.2, and a
 * restricted item granted to `earlyAccess` with 4.2.0 and a later pre-release 4.3.0-rc1), BIOS
 * (6.0.1, 6.1.2) and CPLD firmware and a configuration file, firmware for each of `PARTS`, and a
 * LiveCD base image. Every item is open to signed-in users unless said otherwise.
 */
export async function bundleCatalogue(t: TestApp, options: { earlyAccess: string }) {
  const { db } = t;
  const store = t.app.services.store;
  const model = await createModel(db);
  const forModel = { modelIds: [model.id] };

  const bmc = await createItem(db, { kind: 'BMC' });
  await createVersion(db, store, {
    itemId: bmc.id,
    version: '4.0.1',
    releaseDate: '2026-01-10',
    ...forModel,
  });
  const newestBmc = await createVersion(db, store, {
    itemId: bmc.id,
    version: '4.1.2',
    releaseDate: '2026-03-10',
    ...forModel,
  });
  const early = await createItem(db, { kind: 'BMC', visibility: 'restricted' });
  await grantItem(db, early.id, ['customer', options.earlyAccess]);
  await createVersion(db, store, {
    itemId: early.id,
    version: '4.2.0',
    releaseDate: '2026-04-10',
    ...forModel,
  });
  await createVersion(db, store, {
    itemId: early.id,
    version: '4.3.0-rc1',
    preRelease: true,
    releaseDate: '2026-05-10',
    ...forModel,
  });
  const bios = await createItem(db, { kind: 'BIOS' });
  for (const version of ['6.0.1', '6.1.2'])
    await createVersion(db, store, { itemId: bios.id, version, ...forModel });
  const cpld = await createItem(db, { kind: 'CPLD' });
  await createVersion(db, store, { itemId: cpld.id, version: '1.2.0', ...forModel });
  // For the model, but a configuration file, not firmware: no bundle carries it.
  const config = await createItem(db, { kind: 'CONFIG' });
  await createVersion(db, store, { itemId: config.id, version: '1.0.0', ...forModel });

  const partVersions = new Map<string, Awaited<ReturnType<typeof createVersion>>>();
  for (const [part, version] of PART_VERSIONS) {
    const card = await createItem(db, { kind: 'PCIE' });
    partVersions.set(part, await createVersion(db, store, { itemId: card.id, version, parts: [part] }));
  }
  const livecd = await createItem(db, { kind: 'LIVECD' });
  const base = await createVersion(db, store, { itemId: livecd.id, version: '3.0.0' });

  const partVersion = (part: string) => {
    const version = partVersions.get(part);
    if (!version) throw new Error(`no firmware for ${part}`);
    return version;
  };
  return { model, newestBmc, livecdBase: base, partVersion };
}

export type BundleCatalogue = Awaited<ReturnType<typeof bundleCatalogue>>;
