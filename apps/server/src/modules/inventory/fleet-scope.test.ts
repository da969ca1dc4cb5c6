import { describe, expect, it } from 'vitest';
import { decodeReports, type PlainReport } from './fleet-scope';

/** What scopeProfiles' SQL writes, in JavaScript: lengths in characters (code points). */
const encode = (reports: PlainReport[]) =>
  reports
    .map((report) =>
      [report.component, report.kind, report.pn, report.slot, report.version]
        .map((value) => (value === null ? '-:' : `${Array.from(value).length}:${value}`))
        .join(''),
    )
    .join('');

describe('decodeReports', () => {
  it('reads back any text: separators, digits, nulls, characters beyond 16 bits', () => {
    const reports: PlainReport[] = [
      { component: 'BMC', kind: 'BMC', pn: null, slot: null, version: '1:2-:3' },
      { component: 'PCIE:PN-1', kind: 'PCIE', pn: 'PN-1', slot: '12', version: '22 v2.7 😀' },
      { component: 'RAID', kind: 'RAID', pn: null, slot: '', version: '-:' },
    ];
    expect(decodeReports(encode(reports))).toEqual(reports);
    expect(decodeReports('')).toEqual([]);
  });

  it('refuses a malformed text instead of looping', () => {
    expect(() => decodeReports('3:BMC3')).toThrow();
  });
});
