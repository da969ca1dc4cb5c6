import * as contract from '@portal/contract';
import { describe, expect, it } from 'vitest';
import * as api from './portal-api.ts';

describe('the constants repeated from @portal/contract', () => {
  it('match the contract', () => {
    expect(api.API_TOKEN_PREFIX).toBe(contract.API_TOKEN_PREFIX);
    expect(api.API_TOKEN_SCOPES).toEqual(contract.API_TOKEN_SCOPES);
    expect(api.API_TOKEN_MAX_DAYS).toBe(contract.API_TOKEN_MAX_DAYS);
    expect(api.API_TOKEN_NAME_MAX).toBe(contract.API_TOKEN_NAME_MAX);
    expect(api.FLEET_RESOLVE_MAX_SNS).toBe(contract.FLEET_RESOLVE_MAX_SNS);
    expect(api.MANIFEST_FORMAT).toBe(contract.MANIFEST_FORMAT);
    expect(api.MANIFEST_FILE_NAME).toBe(contract.MANIFEST_FILE_NAME);
    expect(api.SHA256SUMS_FILE_NAME).toBe(contract.SHA256SUMS_FILE_NAME);
    expect(api.SIGNING_KEY_PATH).toBe(contract.SIGNING_KEY_PATH);
    expect(api.MAX_PAGE_SIZE).toBe(contract.MAX_PAGE_SIZE);
    expect(api.DEVICE_GRANT_TYPE).toBe(contract.DEVICE_GRANT_TYPE);
    expect(api.DEVICE_POLL_INTERVAL_SECONDS).toBe(contract.DEVICE_POLL_INTERVAL_SECONDS);
    expect(api.API_PATHS.download(7)).toBe(contract.downloadPathOf(7));
    expect(api.API_PATHS.sha256Sums(7)).toBe(contract.sha256SumsPathOf(7));
    expect(api.API_PATHS.manifest(7)).toBe(contract.manifestPathOf(7));
    for (const [name, code] of Object.entries(api.ERROR_CODES))
      expect(code).toBe(contract.ErrorCode[name as keyof typeof contract.ErrorCode]);
  });
});
