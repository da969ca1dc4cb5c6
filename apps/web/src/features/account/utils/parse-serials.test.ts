import { describe, expect, it } from 'vitest';
import { parseSerials } from './parse-serials';

describe('parseSerials', () => {
  it('splits at commas, full-width commas and spaces, trims and upper-cases', () => {
    expect(parseSerials(' sn-1,SN2 ，sn3\nsn4 ')).toEqual(['SN-1', 'SN2', 'SN3', 'SN4']);
  });

  it('drops empty parts and duplicates', () => {
    expect(parseSerials(',, sn1,SN1 , ')).toEqual(['SN1']);
    expect(parseSerials('   ')).toEqual([]);
  });
});
