import * as contract from '@portal/contract';
import { describe, expect, it } from 'vitest';
import * as api from './portal-api.ts';

/** The runtime constants portal-api.ts repeats: the published CLI cannot ship the private contract. */
const REPEATED = [
  'API_TOKEN_PREFIX',
  'API_TOKEN_SCOPES',
  'API_TOKEN_MAX_DAYS',
  'API_TOKEN_NAME_MAX',
  'FLEET_RESOLVE_MAX_SNS',
  'MANIFEST_FORMAT',
  'MANIFEST_FILE_NAME',
  'SHA256SUMS_FILE_NAME',
  'SIGNING_KEY_PATH',
  'MAX_PAGE_SIZE',
  'DEVICE_GRANT_TYPE',
  'DEVICE_POLL_INTERVAL_SECONDS',
] as const;

describe('the constants repeated from @portal/contract', () => {
  it.each(REPEATED)('%s matches the contract', (name) => {
    expect(api[name]).toEqual(contract[name]);
  });

  it('paths and error codes match the contract', () => {
    expect(api.API_PATHS.download(7)).toBe(contract.downloadPathOf(7));
    expect(api.API_PATHS.sha256Sums(7)).toBe(contract.sha256SumsPathOf(7));
    expect(api.API_PATHS.manifest(7)).toBe(contract.manifestPathOf(7));
    for (const [name, code] of Object.entries(api.ERROR_CODES))
      expect(code).toBe(contract.ErrorCode[name as keyof typeof contract.ErrorCode]);
  });
});
