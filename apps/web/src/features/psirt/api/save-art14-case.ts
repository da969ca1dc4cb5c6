import { type Art14CaseInput, art14CaseSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { PSIRT_KEY } from './get-art14-cases';

export type SaveArt14Case = { id?: number; advisoryPk?: number; input: Art14CaseInput };

/** POST /staff/psirt/art14 (a new case on an advisory) or PUT /staff/psirt/art14/:id (a correction). */
export function saveArt14Case({ id, advisoryPk, input }: SaveArt14Case) {
  return id === undefined
    ? apiClient.post('/staff/psirt/art14', { ...input, advisoryPk }, art14CaseSchema, { quiet: true })
    : apiClient.put(`/staff/psirt/art14/${id}`, input, art14CaseSchema, { quiet: true });
}

export function useSaveArt14Case() {
  return useInvalidatingMutation(PSIRT_KEY, saveArt14Case);
}
