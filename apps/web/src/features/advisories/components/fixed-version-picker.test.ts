import type { AdvisoryFixCandidate } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { AffectedFormRow } from '../utils/advisory-form-values';
import { fixOffers } from './fixed-version-picker';

const candidate = (versionId: number, kind: string, version: string): AdvisoryFixCandidate => ({
  versionId,
  version,
  kind,
  status: 'published',
  itemCode: `${kind}-M7`,
  itemNameZh: kind,
  itemNameEn: kind,
});
const CANDIDATES = [
  candidate(1, 'BMC', '3.1.2'),
  candidate(2, 'BMC', '3.1.3'),
  candidate(3, 'BMC', '3.1.10'),
  candidate(4, 'BIOS', '3.2.0'),
  candidate(5, 'BMC', '3.2.0-rc1'),
  candidate(6, 'NIC', '1.0.0'),
];
const row = (kind: string | undefined, fixedIn: string): AffectedFormRow =>
  ({ by: 'model', modelId: 1, kind, affectedFrom: null, fixedIn }) as AffectedFormRow;
const ids = (offers: AdvisoryFixCandidate[]) => offers.map((offer) => offer.versionId);

describe('fixOffers', () => {
  it('offers only versions of the affected kind at or above "fixed in", in the version order', () => {
    // 3.1.10 is above 3.1.3 (not as text); 3.1.2 is still affected; BIOS and NIC fix no BMC flaw.
    expect(ids(fixOffers(CANDIDATES, [row('BMC', '3.1.3')]))).toEqual([2, 3, 5]);
  });

  it('takes each affected row with its own kind and version', () => {
    expect(ids(fixOffers(CANDIDATES, [row('BMC', '3.1.10'), row('NIC', '1.0.0')]))).toEqual([3, 5, 6]);
  });

  it('offers every version of a kind whose fixed version is not typed yet, and all while no kind is chosen', () => {
    expect(ids(fixOffers(CANDIDATES, [row('BIOS', ' ')]))).toEqual([4]);
    expect(ids(fixOffers(CANDIDATES, [row(undefined, '3.1.3')]))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
