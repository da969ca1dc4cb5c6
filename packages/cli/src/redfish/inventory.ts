import { mapLimited } from '../lib/map-limited.ts';
import { PER_BMC_REQUESTS, type RedfishClient } from './client.ts';
import { fieldOf, odataIdOf } from './odata.ts';
import { RedfishError } from './redfish-error.ts';

/**
 * What a BMC says is installed (issue 35): the serial number (Systems, else Chassis) and every
 * FirmwareInventory entry mapped to the portal's component kinds, by the SoftwareId staff
 * recorded on a catalogue item, else by the resource the entry is the firmware of (RelatedItem).
 * A BMC's answers are never trusted to have a field, or the right type: what cannot be mapped is
 * reported as unmapped, with the reason, and never stops the audit.
 */

/** The portal's component kinds a report may name (INVENTORY_KINDS of @portal/contract). */
export type ComponentKind = 'BMC' | 'BIOS' | 'PSU' | 'DISK' | 'NIC' | 'CPLD' | 'RAID' | 'PCIE';
const KINDS: readonly string[] = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID', 'PCIE'];

/** Why an entry is not in the report. */
export type UnmappedReason = 'noVersion' | 'noMapping' | 'ambiguous' | 'noPartNumber' | 'unreadable';

export type AuditedComponent = {
  /** The FirmwareInventory member (`@odata.id`). */
  id: string;
  name: string;
  version: string | null;
  kind: ComponentKind | null;
  pn?: string;
  slot?: string;
  mappedBy: 'softwareId' | 'relatedItem' | null;
  unmapped?: UnmappedReason;
};

export type BmcInventory = {
  sn: string | null;
  model: string | null;
  components: AuditedComponent[];
};

/** One line of GET /api/fleet/software-ids (softwareIdMapSchema of @portal/contract). */
export type SoftwareIdEntry = { softwareId: string; kind: string; parts: string[]; itemCode?: string };
/** SoftwareId -> what staff recorded it for (several: a staff error, reported as ambiguous). */
export type SoftwareIdMap = Map<string, SoftwareIdEntry[]>;

export function softwareIdMapOf(entries: SoftwareIdEntry[]): SoftwareIdMap {
  const map: SoftwareIdMap = new Map();
  for (const entry of entries) {
    if (typeof entry?.softwareId !== 'string' || !KINDS.includes(entry.kind)) continue;
    const key = entry.softwareId.trim();
    map.set(key, [
      ...(map.get(key) ?? []),
      { ...entry, parts: Array.isArray(entry.parts) ? entry.parts : [] },
    ]);
  }
  return map;
}

/** The portal's limits of a report line (inventoryComponentSchema / inventoryServerSchema). */
const MAX_VERSION = 64;
const MAX_SN = 64;
const MAX_PN = 64;
const MAX_SLOT = 32;

/**
 * The collection a RelatedItem points into, by the segment before the member's id (the fragment
 * of older links, `Power#/PowerSupplies/0`, counts as path): the brief's table, plus PCIe devices,
 * which need their part number.
 */
const KIND_OF_COLLECTION: Record<string, ComponentKind> = {
  Managers: 'BMC',
  Systems: 'BIOS',
  PowerSupplies: 'PSU',
  Drives: 'DISK',
  NetworkAdapters: 'NIC',
  Storage: 'RAID',
  StorageControllers: 'RAID',
  PCIeDevices: 'PCIE',
};

export function kindOfRelatedItem(link: string): ComponentKind | null {
  const segments = link.replace('#', '/').split('/').filter(Boolean);
  if (segments.length < 2) return null;
  // `Storage/1/Controllers/0` is the RAID controller too.
  const collection = segments[segments.length - 2]!;
  if (collection === 'Controllers' && segments[segments.length - 4] === 'Storage') return 'RAID';
  return Object.hasOwn(KIND_OF_COLLECTION, collection) ? KIND_OF_COLLECTION[collection]! : null;
}

/**
 * Control, bidi and zero-width characters: never part of a real serial number, version, part
 * number or slot. The portal refuses a report with a NUL anywhere (every server of it, not only
 * this BMC's), and a bidi override or a zero-width space would make one version read as another.
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- what a BMC's value must not hold
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/**
 * A string, or a number written as one (some BMCs report versions as numbers); null otherwise,
 * and for a value the portal would refuse. `upper`: upper-cased before its length is checked
 * (the portal upper-cases SNs and part numbers, and 'ß' becomes 'SS').
 */
function textOf(value: unknown, max: number, upper = false): string | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const trimmed = upper ? text.trim().toUpperCase() : text.trim();
  return trimmed && trimmed.length <= max && !UNPRINTABLE.test(trimmed) ? trimmed : null;
}

/** Reads the serial number (Systems members first, else Chassis) and the model. */
export async function readIdentity(
  client: RedfishClient,
): Promise<{ sn: string | null; model: string | null }> {
  let model: string | null = null;
  for (const name of ['Systems', 'Chassis']) {
    const collection = odataIdOf(fieldOf(client.root, name)) ?? `/redfish/v1/${name}`;
    const members = await client.members(collection).catch((error: unknown) => {
      if (error instanceof RedfishError && (error.failure === 'http' || error.failure === 'answer'))
        return [];
      throw error;
    });
    for (const member of members) {
      model ??= textOf(fieldOf(member.body, 'Model'), 64);
      const sn = textOf(fieldOf(member.body, 'SerialNumber'), MAX_SN, true);
      if (sn) return { sn, model: model ?? textOf(fieldOf(member.body, 'Model'), 64) };
    }
  }
  return { sn: null, model };
}

/** The first RelatedItem link that maps to a kind, and the link. */
function relatedOf(body: unknown): { kind: ComponentKind; link: string } | null {
  const related = fieldOf(body, 'RelatedItem');
  if (!Array.isArray(related)) return null;
  for (const item of related) {
    const link = odataIdOf(item);
    const kind = link ? kindOfRelatedItem(link) : null;
    if (link && kind) return { kind, link };
  }
  return null;
}

/** A PCIe card's part number and slot, from the device the entry is the firmware of. */
async function cardOf(
  client: RedfishClient,
  link: string | null,
): Promise<{ pn: string | null; slot: string | null }> {
  if (!link || link.includes('#')) return { pn: null, slot: null };
  const body = await client
    .get(link)
    .then((answer) => answer.body)
    .catch((error: unknown) => {
      if (error instanceof RedfishError && (error.failure === 'http' || error.failure === 'answer'))
        return null;
      throw error;
    });
  return {
    pn: textOf(fieldOf(body, 'PartNumber'), MAX_PN, true),
    slot:
      textOf(fieldOf(body, 'Location', 'PartLocation', 'ServiceLabel'), MAX_SLOT) ??
      textOf(fieldOf(body, 'Slot', 'Location', 'PartLocation', 'ServiceLabel'), MAX_SLOT),
  };
}

/** Maps one FirmwareInventory entry (its body may be anything a BMC answers). */
export async function mapEntry(
  client: RedfishClient,
  id: string,
  body: unknown,
  softwareIds: SoftwareIdMap,
): Promise<AuditedComponent> {
  const name =
    textOf(fieldOf(body, 'Name'), 128) ?? textOf(fieldOf(body, 'Id'), 128) ?? id.split('/').pop() ?? id;
  const version = textOf(fieldOf(body, 'Version'), MAX_VERSION);
  const base = { id, name, version };
  if (!body || typeof body !== 'object')
    return { ...base, kind: null, mappedBy: null, unmapped: 'unreadable' };
  if (!version) return { ...base, kind: null, mappedBy: null, unmapped: 'noVersion' };
  const related = relatedOf(body);
  const softwareId = textOf(fieldOf(body, 'SoftwareId'), 128);
  const recorded = softwareId ? softwareIds.get(softwareId) : undefined;
  if (recorded && recorded.length > 0) {
    const kinds = new Set(recorded.map((entry) => entry.kind));
    if (kinds.size > 1) return { ...base, kind: null, mappedBy: null, unmapped: 'ambiguous' };
    const kind = recorded[0]!.kind as ComponentKind;
    if (kind !== 'PCIE') return { ...base, kind, mappedBy: 'softwareId' };
    const parts = [...new Set(recorded.flatMap((entry) => entry.parts.map((part) => part.toUpperCase())))];
    const card = await cardOf(client, related?.link ?? null);
    const pn = parts.length === 1 ? parts[0]! : card.pn && parts.includes(card.pn) ? card.pn : null;
    if (!pn) return { ...base, kind: null, mappedBy: null, unmapped: 'noPartNumber' };
    return { ...base, kind, pn, ...(card.slot ? { slot: card.slot } : {}), mappedBy: 'softwareId' };
  }
  if (!related) return { ...base, kind: null, mappedBy: null, unmapped: 'noMapping' };
  if (related.kind !== 'PCIE') return { ...base, kind: related.kind, mappedBy: 'relatedItem' };
  const card = await cardOf(client, related.link);
  if (!card.pn) return { ...base, kind: null, mappedBy: null, unmapped: 'noPartNumber' };
  return {
    ...base,
    kind: 'PCIE',
    pn: card.pn,
    ...(card.slot ? { slot: card.slot } : {}),
    mappedBy: 'relatedItem',
  };
}

/** Reads a BMC's serial number and firmware inventory. */
export async function readInventory(
  client: RedfishClient,
  softwareIds: SoftwareIdMap,
): Promise<BmcInventory> {
  const identity = await readIdentity(client);
  const updateService = odataIdOf(fieldOf(client.root, 'UpdateService')) ?? '/redfish/v1/UpdateService';
  const firmware =
    odataIdOf(fieldOf((await client.get(updateService)).body, 'FirmwareInventory')) ??
    `${updateService}/FirmwareInventory`;
  const members = await client.members(firmware);
  const components = await mapLimited(members, PER_BMC_REQUESTS, async (member): Promise<AuditedComponent> =>
    member.error
      ? ({
          id: member.id,
          name: member.id.split('/').pop() ?? member.id,
          version: null,
          kind: null,
          mappedBy: null,
          unmapped: 'unreadable',
        } satisfies AuditedComponent)
      : mapEntry(client, member.id, member.body, softwareIds),
  );
  return { ...identity, components };
}

/** Numbers first, then text: enough to keep the older of two versions one server reports twice. */
function olderFirst(a: string, b: string): number {
  const parts = (version: string) => version.split(/[^0-9A-Za-z]+/).filter(Boolean);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const [x, y] = [left[i] ?? '', right[i] ?? ''];
    const order =
      /^\d+$/.test(x) && /^\d+$/.test(y)
        ? Number(x) - Number(y)
        : x.localeCompare(y, 'en', { numeric: true });
    if (order !== 0) return order;
  }
  return 0;
}

export type ReportComponent = { kind: ComponentKind; pn?: string; slot?: string; version: string };

/** Components of one server in a report, at most (INVENTORY_LIMITS.componentsPerServer). */
export const MAX_REPORT_COMPONENTS = 64;

/**
 * The report lines of a server: one per component key (kind, or PCIE with part number and slot).
 * Two power supplies of one server may run different versions: the older one is reported, since
 * the server is only as current as its oldest part.
 */
export function reportComponentsOf(inventory: BmcInventory): ReportComponent[] {
  const byKey = new Map<string, ReportComponent>();
  for (const component of inventory.components) {
    if (!component.kind || !component.version) continue;
    const key = component.kind === 'PCIE' ? `PCIE:${component.pn}:${component.slot ?? ''}` : component.kind;
    const line: ReportComponent = {
      kind: component.kind,
      version: component.version,
      ...(component.pn ? { pn: component.pn } : {}),
      ...(component.pn && component.slot ? { slot: component.slot } : {}),
    };
    const known = byKey.get(key);
    if (!known || olderFirst(line.version, known.version) < 0) byKey.set(key, line);
  }
  // More than the portal takes would fail the whole report (every server's): the server's own
  // firmware first, then cards, and a BMC listing more is cut there.
  return [...byKey.values()]
    .sort((a, b) => Number(a.kind === 'PCIE') - Number(b.kind === 'PCIE'))
    .slice(0, MAX_REPORT_COMPONENTS);
}
