import {
  type ActivationRequest,
  activationSchema,
  type TrialRequest,
  verifyCodeSentSchema,
} from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useActivationMutation } from './activation-keys';

/** GET /activation/verifyCode: mails a code to the account's own address. */
export const sendActivationCode = () =>
  apiClient.get('/activation/verifyCode', verifyCodeSentSchema, { quiet: true });

/** POST /activation/generate: the signed licence, or the spec's message for what is wrong. */
export const generateActivation = (request: ActivationRequest) =>
  apiClient.post('/activation/generate', request, activationSchema, { quiet: true });

/** POST /activation/trial: a time-limited licence from a trial entitlement. */
export const requestTrial = (request: TrialRequest) =>
  apiClient.post('/activation/trial', request, activationSchema, { quiet: true });

export const useGenerateActivation = (config: MutationConfig<typeof generateActivation> = {}) =>
  useActivationMutation(generateActivation, config);
export const useRequestTrial = (config: MutationConfig<typeof requestTrial> = {}) =>
  useActivationMutation(requestTrial, config);
