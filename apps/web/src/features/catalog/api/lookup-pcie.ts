import { type PcieLookupBody, type PcieLookupBy, pcieLookupResultSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** POST /catalog/pcie/lookup: PCIe firmware for typed SNs or PNs (at most 10). */
export function lookupPcie(body: PcieLookupBody) {
  return apiClient.post('/catalog/pcie/lookup', body, pcieLookupResultSchema, { quiet: true });
}

export const useLookupPcie = (config: MutationConfig<typeof lookupPcie> = {}) =>
  useMutation({ mutationFn: lookupPcie, ...config });

export type PcieUpload = { by: PcieLookupBy; file: File };

/** POST /catalog/pcie/lookup/upload?by=: the same lookup from a .txt list. */
export function uploadPcieList({ by, file }: PcieUpload) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.post('/catalog/pcie/lookup/upload', form, pcieLookupResultSchema, {
    query: { by },
    quiet: true,
  });
}

export const useUploadPcieList = (config: MutationConfig<typeof uploadPcieList> = {}) =>
  useMutation({ mutationFn: uploadPcieList, ...config });
