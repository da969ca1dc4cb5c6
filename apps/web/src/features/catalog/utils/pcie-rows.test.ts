import { describe, expect, it } from 'vitest';
import { buildSnLookupResult, buildVersionRow } from '../test-data';
import { pcieRowsOf } from './pcie-rows';

describe('pcieRowsOf', () => {
  it('by SN: one row per installed card with its newest firmware, one row for an unknown SN', () => {
    const rows = pcieRowsOf(buildSnLookupResult());
    expect(
      rows.map(({ key, sn, found, model, pn, latest, older }) => ({
        key,
        sn,
        found,
        model,
        pn,
        latest: latest?.version,
        older,
      })),
    ).toEqual([
      {
        key: 'M7S2U24000101/PN-NIC-25G-2P',
        sn: 'M7S2U24000101',
        found: true,
        model: 'M7-2U M7 2U rack server',
        pn: 'PN-NIC-25G-2P',
        latest: '22.36.1010',
        older: 1,
      },
      {
        key: 'M7S2U24000101/PN-GPU-X',
        sn: 'M7S2U24000101',
        found: true,
        model: 'M7-2U M7 2U rack server',
        pn: 'PN-GPU-X',
        latest: undefined,
        older: 0,
      },
      { key: 'NOPE', sn: 'NOPE', found: false, model: undefined, pn: undefined, latest: undefined, older: 0 },
    ]);
  });

  it('by SN: a known server without cards still has its row', () => {
    const result = buildSnLookupResult({
      serials: [{ sn: 'S1', found: true, model: 'M6-1U', modelName: null, parts: [] }],
    });
    expect(pcieRowsOf(result)).toEqual([{ key: 'S1', sn: 'S1', found: true, model: 'M6-1U', older: 0 }]);
  });

  it('by PN: one row per PN asked for, also without firmware', () => {
    const rows = pcieRowsOf({
      by: 'pn',
      values: ['PN-A', 'PN-B'],
      serials: [],
      parts: [
        { pn: 'PN-A', versions: [buildVersionRow({ versionId: 7, version: '2.0' })] },
        { pn: 'PN-B', versions: [] },
      ],
      truncated: false,
      totalSerials: 0,
    });
    expect(rows.map((row) => [row.pn, row.latest?.version, row.older])).toEqual([
      ['PN-A', '2.0', 0],
      ['PN-B', undefined, 0],
    ]);
  });
});
