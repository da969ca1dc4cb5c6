import { CHASSIS, COLLECTION_OF, OK, collection, componentsOf, resource } from './resources';
import type { ComponentKind, Misbehaviour, SimComponent, SimServer } from './types';

/** The per-kind parts of the tree (PowerSupplies, Drives, NetworkAdapters, PCIeDevices, Storage) and the legacy Power resource. */

type Json = Record<string, unknown>;

/** A member of a per-kind collection (PowerSupplies/N, Drives/N, ...): its own firmware property. */
function part(id: string, component: SimComponent): Json {
  const location = component.slot ? { Location: { PartLocation: { ServiceLabel: component.slot } } } : {};
  const pn = component.pn ? { PartNumber: component.pn } : {};
  switch (component.kind) {
    case 'PSU':
      return resource(id, '#PowerSupply.v1_5_0.PowerSupply', component.id, {
        FirmwareVersion: component.version,
        Status: OK,
      });
    case 'DISK':
      return resource(id, '#Drive.v1_17_0.Drive', component.id, { Revision: component.version, Status: OK });
    case 'NIC':
      return resource(id, '#NetworkAdapter.v1_9_0.NetworkAdapter', component.id, {
        ...pn,
        ...location,
        Controllers: [{ FirmwarePackageVersion: component.version }],
        Status: OK,
      });
    case 'RAID':
      return resource(id, '#Storage.v1_15_0.Storage', component.id, {
        StorageControllers: [{ MemberId: '0', FirmwareVersion: component.version, ...pn }],
        Status: OK,
      });
    default:
      return resource(id, '#PCIeDevice.v1_11_0.PCIeDevice', component.id, {
        ...pn,
        ...location,
        FirmwareVersion: component.version,
        Status: OK,
      });
  }
}

const PART_COLLECTIONS: [string, ComponentKind, string][] = [
  [COLLECTION_OF.PSU!, 'PSU', 'PowerSupply'],
  [COLLECTION_OF.DISK!, 'DISK', 'Drive'],
  [COLLECTION_OF.NIC!, 'NIC', 'NetworkAdapter'],
  [COLLECTION_OF.PCIE!, 'PCIE', 'PCIeDevice'],
  [COLLECTION_OF.RAID!, 'RAID', 'Storage'],
];

/** PowerSupplies, Drives, NetworkAdapters, PCIeDevices, Storage: the collection or one of its members. */
export function partResource(server: SimServer, path: string, m: Misbehaviour): Json | undefined {
  if (path === `${CHASSIS}/Power`) {
    // The deprecated Power resource, which older clients still read.
    return resource(path, '#Power.v1_7_1.Power', 'Power', {
      PowerSupplies: componentsOf(server, 'PSU').map((c, i) => ({
        '@odata.id': `${path}#/PowerSupplies/${i}`,
        MemberId: String(i),
        Name: c.id,
        FirmwareVersion: c.version,
        Status: OK,
      })),
    });
  }
  if (path === `${CHASSIS}/PowerSubsystem`) {
    return resource(path, '#PowerSubsystem.v1_1_0.PowerSubsystem', 'Power Subsystem', {
      PowerSupplies: { '@odata.id': COLLECTION_OF.PSU },
      Status: OK,
    });
  }
  for (const [base, kind, type] of PART_COLLECTIONS) {
    const parts = componentsOf(server, kind);
    if (path === base)
      return collection(
        base,
        type,
        `${type} Collection`,
        parts.map((_, i) => `${base}/${i + 1}`),
        m,
      );
    if (path.startsWith(`${base}/`)) {
      const component = parts[Number(path.slice(base.length + 1)) - 1];
      return component ? part(path, component) : undefined;
    }
  }
  return undefined;
}
