import { type ApiTokenCreate, deviceDecisionSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiTokensQueryKey } from './get-api-tokens';

export type DeviceDecisionInput = { userCode: string; token?: ApiTokenCreate };

/**
 * POST /device/approve (with the token the person chose) or /device/deny: the command line is
 * told at its next poll. An approval makes a token, so the token list is read again.
 */
export function decideDeviceCode({ userCode, token }: DeviceDecisionInput) {
  return token
    ? apiClient.post('/device/approve', { userCode, token }, deviceDecisionSchema, { quiet: true })
    : apiClient.post('/device/deny', { userCode }, deviceDecisionSchema, { quiet: true });
}

export function useDecideDeviceCode(config: MutationConfig<typeof decideDeviceCode> = {}) {
  return useInvalidatingMutation(apiTokensQueryKey, decideDeviceCode, config);
}
