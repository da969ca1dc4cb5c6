import type { FleetServerDetail } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { auditExitCode } from '../commands/audit.ts';
import { EXIT } from '../exit-codes.ts';
import type { RedfishClient } from './client.ts';
import { kindOfRelatedItem, mapEntry, reportComponentsOf, softwareIdMapOf } from './inventory.ts';

/** Entries that need no further read (no PCIe card): the client is never used. */
const noClient = {} as RedfishClient;
const none = softwareIdMapOf([]);

describe('FirmwareInventory mapping', () => {
  it('maps RelatedItem links by the collection they point into', () => {
    expect(kindOfRelatedItem('/redfish/v1/Managers/1')).toBe('BMC');
    expect(kindOfRelatedItem('/redfish/v1/Systems/1')).toBe('BIOS');
    expect(kindOfRelatedItem('/redfish/v1/Chassis/1/Power#/PowerSupplies/0')).toBe('PSU');
    expect(kindOfRelatedItem('/redfish/v1/Chassis/1/PowerSubsystem/PowerSupplies/2')).toBe('PSU');
    expect(kindOfRelatedItem('/redfish/v1/Systems/1/Storage/1/Drives/2')).toBe('DISK');
    expect(kindOfRelatedItem('/redfish/v1/Systems/1/Storage/1')).toBe('RAID');
    expect(kindOfRelatedItem('/redfish/v1/Systems/1/Storage/1/Controllers/0')).toBe('RAID');
    expect(kindOfRelatedItem('/redfish/v1/Chassis/1/NetworkAdapters/3')).toBe('NIC');
    expect(kindOfRelatedItem('/redfish/v1/Chassis/1')).toBeNull();
    expect(kindOfRelatedItem('/')).toBeNull();
  });

  it('reports odd answers as unmapped, never throws', async () => {
    const odd: unknown[] = [
      null,
      [],
      'text',
      { Version: {} },
      { Version: 'x'.repeat(65), RelatedItem: [{ '@odata.id': '/redfish/v1/Managers/1' }] },
      { Version: '1.0', RelatedItem: 'not a list' },
      { Version: '1.0', RelatedItem: [null, 5, { '@odata.id': 7 }] },
      { Version: '1.0', RelatedItem: [{ '@odata.id': '/redfish/v1/Chassis/1' }], Name: { x: 1 } },
    ];
    const mapped = await Promise.all(odd.map((body, i) => mapEntry(noClient, `/fw/${i}`, body, none)));
    expect(mapped.map((entry) => [entry.kind, entry.unmapped])).toEqual([
      [null, 'unreadable'],
      [null, 'noVersion'],
      [null, 'unreadable'],
      [null, 'noVersion'],
      [null, 'noVersion'],
      [null, 'noMapping'],
      [null, 'noMapping'],
      [null, 'noMapping'],
    ]);
    expect(mapped[7]!.name).toBe('7');
  });

  it('prefers the SoftwareId staff recorded; one recorded for two kinds is ambiguous', async () => {
    const ids = softwareIdMapOf([
      { softwareId: 'CPLD-FW', kind: 'CPLD', parts: [] },
      { softwareId: 'TWICE', kind: 'BMC', parts: [] },
      { softwareId: 'TWICE', kind: 'BIOS', parts: [] },
      { softwareId: 'BAD', kind: 'TOASTER', parts: [] },
    ]);
    const related = [{ '@odata.id': '/redfish/v1/Systems/1' }];
    const entry = (SoftwareId: unknown) =>
      mapEntry(noClient, '/fw', { Version: 7, SoftwareId, RelatedItem: related }, ids);
    expect(await entry('CPLD-FW')).toMatchObject({ kind: 'CPLD', version: '7', mappedBy: 'softwareId' });
    expect(await entry('TWICE')).toMatchObject({ kind: null, unmapped: 'ambiguous' });
    // Unknown or unusable SoftwareIds fall back to RelatedItem.
    expect(await entry('BAD')).toMatchObject({ kind: 'BIOS', mappedBy: 'relatedItem' });
    expect(await entry(42)).toMatchObject({ kind: 'BIOS', mappedBy: 'relatedItem' });
  });

  it('reports one line per component, the older version when two parts differ', () => {
    const component = (kind: 'PSU' | 'BMC', version: string) => ({
      id: version,
      name: kind,
      version,
      kind,
      mappedBy: 'relatedItem' as const,
    });
    expect(
      reportComponentsOf({
        sn: 'SN',
        model: null,
        components: [component('PSU', '1.10.0'), component('PSU', '1.9.3'), component('BMC', '2.0')],
      }),
    ).toEqual([
      { kind: 'PSU', version: '1.9.3' },
      { kind: 'BMC', version: '2.0' },
    ]);
  });
});

describe('audit exit codes', () => {
  const server = (...states: string[]) =>
    ({ components: states.map((state) => ({ state })) }) as unknown as Pick<FleetServerDetail, 'components'>;
  it('vulnerable over unreachable over outdated over a foreign SN over all current', () => {
    expect(auditExitCode(1, [server('current', 'vulnerable'), server('outdated')], ['X'])).toBe(
      EXIT.vulnerable,
    );
    expect(auditExitCode(1, [server('outdated')], ['X'])).toBe(EXIT.unreachable);
    expect(auditExitCode(0, [server('current'), server('outdated', 'unknown')], ['X'])).toBe(EXIT.outdated);
    expect(auditExitCode(0, [server('current', 'newer', 'unknown')], ['X'])).toBe(EXIT.partial);
    expect(auditExitCode(0, [server('current', 'newer', 'unknown')], [])).toBe(EXIT.ok);
  });

  it('under investigation (11) below outdated and above a foreign SN; behind its target it is outdated (6)', () => {
    const investigated = (behind: number) =>
      ({ components: [{ state: 'under_investigation', behind }] }) as unknown as Pick<
        FleetServerDetail,
        'components'
      >;
    expect(auditExitCode(0, [server('current'), investigated(0)], ['X'])).toBe(EXIT.underInvestigation);
    expect(auditExitCode(0, [investigated(0), server('outdated')], [])).toBe(EXIT.outdated);
    expect(auditExitCode(0, [investigated(2)], [])).toBe(EXIT.outdated);
    expect(auditExitCode(1, [investigated(0)], [])).toBe(EXIT.unreachable);
    expect(auditExitCode(0, [investigated(0), server('vulnerable')], [])).toBe(EXIT.vulnerable);
  });
});
