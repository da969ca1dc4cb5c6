import { PCIE_LOOKUP_MAX_VALUES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { isAcceptedListFile, lookupProblemOf, parseLookupValues } from './lookup-values';

describe('parseLookupValues', () => {
  it('splits on commas (also Chinese ones), semicolons and whitespace, upper-cases and drops duplicates', () => {
    expect(parseLookupValues(' m7s2u24000101, M6S1U22000417，a7s2u25000033;\nm7s2u24000101  x ')).toEqual([
      'M7S2U24000101',
      'M6S1U22000417',
      'A7S2U25000033',
      'X',
    ]);
  });

  it('gives nothing for blank input', () => {
    expect(parseLookupValues(' ,, \n ')).toEqual([]);
  });
});

describe('lookupProblemOf', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => `SN${i}`);

  it('refuses an empty list and more than the limit, accepts 1 to the limit', () => {
    expect(lookupProblemOf([])).toBe('empty');
    expect(lookupProblemOf(values(1))).toBeUndefined();
    expect(lookupProblemOf(values(PCIE_LOOKUP_MAX_VALUES))).toBeUndefined();
    expect(lookupProblemOf(values(PCIE_LOOKUP_MAX_VALUES + 1))).toBe('tooMany');
  });
});

describe('isAcceptedListFile', () => {
  it('accepts .txt in any case only', () => {
    expect(isAcceptedListFile('serials.txt')).toBe(true);
    expect(isAcceptedListFile('SERIALS.TXT')).toBe(true);
    expect(isAcceptedListFile('serials.csv')).toBe(false);
    expect(isAcceptedListFile('serials.txt.exe')).toBe(false);
    expect(isAcceptedListFile('txt')).toBe(false);
  });
});
