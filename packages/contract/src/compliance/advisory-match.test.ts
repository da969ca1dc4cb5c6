import { describe, expect, it } from 'vitest';
import type { VexStatus } from '../vex';
import { rowAffects, rowAffectsComponent, rowNames, rowStatusFor, rowVerdictFor } from './advisory-match';
import { affected } from './compliance-fixtures';

describe('rowAffects: whether an advisory row concerns a server', () => {
  const modelRow = affected({ modelId: 3, kind: 'BIOS', affectedFrom: '2.0', fixedIn: '2.5' });
  const cardRow = affected({ pn: 'PN-1', kind: 'NIC', fixedIn: '7.0' });

  it('takes a server that reported nothing for the kind as affected (told too much rather than too little)', () => {
    expect(rowAffects(modelRow, { modelId: 3, pcieParts: [], installed: {} })).toBe(true);
    expect(rowAffects(cardRow, { modelId: 9, pcieParts: ['PN-1'], installed: {} })).toBe(true);
  });

  it('takes a server whose version the catalogue cannot order as affected too: no guessed order rules it out', () => {
    for (const version of ['Build 2024-05', 'U32 v2.7', 'v9.x', 'unknown'])
      expect(rowAffects(modelRow, { modelId: 3, pcieParts: [], installed: { BIOS: version } }), version).toBe(
        true,
      );
    expect(rowAffects(cardRow, { modelId: 9, pcieParts: ['PN-1'], installed: { 'PN-1': 'fw-x' } })).toBe(
      true,
    );
    // Still only where the row names the model or card.
    expect(rowAffects(modelRow, { modelId: 4, pcieParts: [], installed: { BIOS: 'U32 v2.7' } })).toBe(false);
  });

  it('holds the version in [affectedFrom, fixedIn)', () => {
    const at = (version: string) =>
      rowAffects(modelRow, { modelId: 3, pcieParts: [], installed: { BIOS: version } });
    expect([at('1.9'), at('2.0'), at('2.4.9'), at('2.5'), at('3.0')]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('needs the model, or the card among the server cards', () => {
    expect(rowAffects(modelRow, { modelId: 4, pcieParts: [], installed: {} })).toBe(false);
    expect(rowAffects(cardRow, { modelId: 3, pcieParts: ['PN-2'], installed: {} })).toBe(false);
    expect(rowAffects(cardRow, { modelId: 3, pcieParts: ['PN-1'], installed: { 'PN-1': '7.0' } })).toBe(
      false,
    );
  });
});

describe('rowNames and rowAffectsComponent: one component', () => {
  it('names a card by part number only, a model row by kind', () => {
    const cardRow = affected({ pn: 'PN-1', kind: 'NIC', fixedIn: '7.0' });
    expect(rowNames(cardRow, { kind: 'PCIE', pn: 'PN-1' })).toBe(true);
    expect(rowNames(cardRow, { kind: 'NIC', pn: null })).toBe(false);
    expect(rowNames(affected({ modelId: 1, kind: 'NIC', fixedIn: '1' }), { kind: 'NIC', pn: null })).toBe(
      true,
    );
  });

  it('judges only versions the catalogue can order', () => {
    const row = affected({ modelId: 1, kind: 'BMC', fixedIn: '2.0' });
    expect(rowAffectsComponent(row, { kind: 'BMC', pn: null }, 1, '1.0')).toBe(true);
    expect(rowAffectsComponent(row, { kind: 'BMC', pn: null }, 1, 'unknown')).toBe(false);
    expect(rowAffectsComponent(row, { kind: 'BMC', pn: null }, 1, '2.0')).toBe(false);
    expect(rowAffectsComponent(row, { kind: 'BIOS', pn: null }, 1, '1.0')).toBe(false);
  });
});

describe('VEX statuses (issue 43 §2): only known_affected makes a server vulnerable', () => {
  const server = (version?: string) => ({
    modelId: 3,
    pcieParts: [] as string[],
    installed: (version ? { BMC: version } : {}) as Record<string, string>,
  });
  const row = (status: VexStatus, fixedIn: string | null = '2.5') =>
    affected({ modelId: 3, kind: 'BMC', affectedFrom: '2.0', fixedIn, status });

  it('never counts a product not affected, under investigation or fixed as affected', () => {
    for (const status of ['known_not_affected', 'under_investigation', 'fixed'] as const) {
      expect(rowAffects(row(status, null), server('2.1'))).toBe(false);
      expect(rowAffects(row(status, null), server())).toBe(false);
      expect(rowAffectsComponent(row(status), { kind: 'BMC', pn: null }, 3, '2.1')).toBe(false);
    }
    expect(rowAffects(row('known_affected'), server('2.1'))).toBe(true);
    // A row written before issue 43 has no status: it said "affected".
    expect(rowAffects({ ...row('known_affected'), status: undefined }, server('2.1'))).toBe(true);
  });

  it('tells each server what the row says of the version it runs', () => {
    const affectedRow = row('known_affected');
    expect(
      [server('1.9'), server('2.1'), server('2.5'), server('3.0'), server()].map((s) =>
        rowStatusFor(affectedRow, s),
      ),
    ).toEqual([null, 'known_affected', 'fixed', 'fixed', 'known_affected']);
    const open = row('under_investigation', null);
    expect([server('1.9'), server('2.1'), server('9.0'), server()].map((s) => rowStatusFor(open, s))).toEqual(
      [null, 'under_investigation', 'under_investigation', 'under_investigation'],
    );
    const bounded = row('known_not_affected', '2.5');
    expect([server('2.1'), server('2.5')].map((s) => rowStatusFor(bounded, s))).toEqual([
      'known_not_affected',
      null,
    ]);
    expect(rowStatusFor(bounded, { ...server('2.1'), modelId: 4 })).toBeNull();
  });
});

describe('rowVerdictFor: what the CVE lookup says, as My servers judges it', () => {
  const server = (version?: string, modelId = 3) => ({
    modelId,
    pcieParts: [] as string[],
    installed: (version ? { BMC: version } : {}) as Record<string, string>,
  });

  it('calls a version the catalogue cannot order unknown, whatever the row says of the others', () => {
    for (const status of ['known_affected', 'under_investigation', 'known_not_affected'] as const) {
      const row = affected({ modelId: 3, kind: 'BMC', affectedFrom: '2.0', fixedIn: '2.5', status });
      expect(['U32 v2.7', 'unknown', 'v2.x'].map((version) => rowVerdictFor(row, server(version)))).toEqual([
        'unknown',
        'unknown',
        'unknown',
      ]);
      // As My servers: no advisory of such a version affects or investigates it.
      expect(rowAffectsComponent(row, { kind: 'BMC', pn: null }, 3, 'U32 v2.7')).toBe(false);
      expect(rowVerdictFor(row, server('U32 v2.7', 4))).toBeNull();
    }
  });

  it('calls a component that reported no version unknown, as My servers does', () => {
    const row = affected({ modelId: 3, kind: 'BMC', affectedFrom: '2.0', fixedIn: '2.5' });
    expect(rowVerdictFor(row, server())).toBe('unknown');
    expect(rowVerdictFor(row, server(undefined, 4))).toBeNull();
    // The audiences of notices still take the row's word (told too much rather than too little).
    expect(rowStatusFor(row, server())).toBe('known_affected');
  });

  it('says what rowStatusFor says of every other version', () => {
    const row = affected({ modelId: 3, kind: 'BMC', affectedFrom: '2.0', fixedIn: '2.5' });
    for (const version of ['1.9', '2.1', '2.5'])
      expect(rowVerdictFor(row, server(version))).toBe(rowStatusFor(row, server(version)));
  });
});
