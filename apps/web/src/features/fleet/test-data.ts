import type {
  ComponentCompliance,
  FleetPage,
  FleetServerDetail,
  InventoryUploadResult,
  ServerCompliance,
} from '@portal/contract';

/** One list row; an outdated M7-2U server unless told otherwise. */
export function buildServerRow(overrides: Partial<ServerCompliance> = {}): ServerCompliance {
  return {
    sn: 'SN-0001',
    model: 'M7-2U',
    state: 'outdated',
    lastReport: '2026-11-20T08:30:00.000Z',
    counts: {
      vulnerable: 0,
      under_investigation: 0,
      outdated: 2,
      unsupported: 0,
      unknown: 0,
      newer: 0,
      current: 5,
    },
    ...overrides,
  };
}

/** A page of the fleet with the given rows; the summary counts one server per row's state. */
export function buildFleetPage(
  rows: ServerCompliance[],
  summary: Partial<FleetPage['summary']> = {},
): FleetPage {
  return {
    rows,
    totalRows: rows.length,
    pageNo: 1,
    summary: {
      vulnerable: 1,
      under_investigation: 0,
      outdated: 3,
      unsupported: 0,
      unknown: 2,
      newer: 0,
      current: 6,
      ...summary,
    },
  };
}

/** One component; an outdated BMC two versions behind its target unless told otherwise. */
export function buildComponent(overrides: Partial<ComponentCompliance> = {}): ComponentCompliance {
  return {
    component: 'BMC',
    kind: 'BMC',
    pn: null,
    slot: null,
    installed: '3.0.0',
    source: 'upload',
    seenAt: '2026-11-20T08:30:00.000Z',
    contradicts: null,
    state: 'outdated',
    behind: 2,
    target: {
      versionId: 42,
      version: '3.2.1',
      itemName: 'M7 BMC firmware',
      fileName: 'm7-bmc-3.2.1.bin',
      fileSize: 1_572_864,
      sha256: 'a'.repeat(64),
      rebootRequired: false,
      prerequisites: [],
      installOrder: 10,
    },
    baseline: null,
    advisories: [],
    investigating: [],
    ...overrides,
  };
}

export function buildServerDetail(overrides: Partial<FleetServerDetail> = {}): FleetServerDetail {
  return { ...buildServerRow({ state: 'vulnerable' }), components: [buildComponent()], ...overrides };
}

export function buildUploadResult(overrides: Partial<InventoryUploadResult> = {}): InventoryUploadResult {
  return {
    applied: false,
    lines: 2,
    servers: 1,
    errors: [],
    changes: [{ sn: 'SN-0001', component: 'BMC', from: '3.0.0', to: '3.2.1' }],
    changed: 1,
    ...overrides,
  };
}
