import * as contract from '@portal/contract/compliance';
import { describe, expect, it } from 'vitest';
import { OFFLINE_CONTEXT_FORMAT, OFFLINE_CONTEXT_PATH, sameContext } from './compliance-context.ts';

const context = (
  extra: Partial<contract.OfflineComplianceContext> = {},
): contract.OfflineComplianceContext => ({
  format: 'portal-compliance-context/1',
  keyId: 'k',
  origin: 'https://portal.example.com',
  generatedAt: '2026-12-01T00:00:00.000Z',
  servers: [{ sn: 'SN1', modelId: 7, modelCode: 'M7', pcieParts: [], shipped: { BMC: '1.0' } }],
  releases: {},
  advisories: [],
  baselines: [],
  softwareIds: [],
  ...extra,
});

describe('the compliance context a mirror carries', () => {
  it('is asked for where the contract says', () => {
    expect(OFFLINE_CONTEXT_FORMAT).toBe(contract.OFFLINE_CONTEXT_FORMAT);
    expect(OFFLINE_CONTEXT_PATH).toBe(contract.OFFLINE_CONTEXT_PATH);
  });

  it('needs no new snapshot when only its time changed, and does when a server did', () => {
    expect(sameContext(context(), context({ generatedAt: '2026-12-02T00:00:00.000Z' }))).toBe(true);
    expect(sameContext(context(), context({ servers: [] }))).toBe(false);
    expect(sameContext(null, context())).toBe(false);
    expect(sameContext(null, null)).toBe(true);
  });
});
