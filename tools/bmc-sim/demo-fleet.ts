import { DEMO_COMPANY, demoSerialNumbers } from '../../apps/server/src/db/seed/seed-data';
import type { SimComponent, SimServer } from './types';

/** A PCIe card in `slot` (`slot2`: Redfish id `Slot2.<label>`), reporting its part number as its software id. */
const pcieCard = (slot: string, label: string, pn: string, version: string): SimComponent => ({
  id: `${slot[0]?.toUpperCase()}${slot.slice(1)}.${label}`,
  kind: 'PCIE',
  version,
  softwareId: pn,
  pn,
  slot,
});

/**
 * What the demo customer's servers run (the SNs and models of the demo seed, the versions of its
 * seeded inventory, seed-inventory.ts): `npm run bmc:sim` against `npm start`'s demo portal then
 * shows an outdated PSU and drive, a vulnerable BMC and NIC card, and an unmapped backplane.
 */
const DEMO_FIRMWARE: Record<string, SimComponent[]> = {
  M7S2U24000101: [
    { id: 'BMC', kind: 'BMC', version: '4.0.1', softwareId: 'M7-BMC' },
    { id: 'BIOS', kind: 'BIOS', version: '6.1.2', softwareId: 'M7-BIOS' },
    { id: 'PSU1', kind: 'PSU', version: '1.0.1', softwareId: 'M7-PSU' },
    { id: 'PSU2', kind: 'PSU', version: '1.0.1', softwareId: 'M7-PSU' },
    // Components the seeded inventory does not report: read by `fwportal audit`, they make the
    // server's picture complete (current CPLD, RAID and onboard NIC, an outdated drive).
    { id: 'CPLD', kind: 'CPLD', version: '4.1.2', softwareId: 'M7-CPLD' },
    { id: 'RAID.Integrated.1', kind: 'RAID', version: '5.1.2', softwareId: 'M7-RAID' },
    { id: 'NIC.Embedded.1', kind: 'NIC', version: '3.1.2', softwareId: 'M7-NIC' },
    { id: 'Disk.Bay.0', kind: 'DISK', version: '2.0.1', softwareId: 'M7-DISK' },
    pcieCard('slot2', 'NIC', 'PN-NIC-25G-2P', '22.31.1014'),
    pcieCard('slot4', 'RAID', 'PN-RAID-9560-8I', '22.36.1010'),
    { id: 'Backplane', kind: 'OTHER', version: '1.02', updateable: false },
  ],
  M6S1U22000417: [
    { id: 'BMC', kind: 'BMC', version: '3.1.2', softwareId: 'M6-BMC' },
    { id: 'BIOS', kind: 'BIOS', version: '5.1.0', softwareId: 'M6-BIOS' },
    pcieCard('slot1', 'NIC', 'PN-NIC-10G-2P', '22.31.1014'),
  ],
};

/** An extra server beyond the demo ones: an M7-2U with the catalogue's first releases. */
function extraServer(index: number): SimServer {
  return {
    sn: `M7S2U26${String(900_000 + index).padStart(6, '0')}`,
    model: 'M7-2U',
    components: [
      { id: 'BMC', kind: 'BMC', version: index % 2 ? '4.0.1' : '4.1.0', softwareId: 'M7-BMC' },
      { id: 'BIOS', kind: 'BIOS', version: '6.0.1', softwareId: 'M7-BIOS' },
      { id: 'PSU1', kind: 'PSU', version: '1.0.1', softwareId: 'M7-PSU' },
      { id: 'Disk.Bay.0', kind: 'DISK', version: '2.0.1', softwareId: 'M7-DISK' },
      { id: 'CPLD', kind: 'CPLD', version: '4.0.1', softwareId: 'M7-CPLD' },
    ],
  };
}

/** `count` servers: the demo customer's first, then generated ones (without `count`: the demo customer's). */
export function demoFleet(count?: number): SimServer[] {
  const demo = demoSerialNumbers()
    .filter((serial) => serial.customer === DEMO_COMPANY)
    .map(({ sn, model }) => ({ sn, model, components: structuredClone(DEMO_FIRMWARE[sn] ?? []) }));
  if (count === undefined) return demo;
  const extra = Array.from({ length: Math.max(0, count - demo.length) }, (_, i) => extraServer(i + 1));
  return [...demo, ...extra].slice(0, count);
}
