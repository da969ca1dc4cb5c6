import { inventoryUploadResultSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { FLEET_KEY } from './fleet-keys';

export interface InventoryUpload {
  file: File;
  /** True: check and preview only, nothing is written. */
  dryRun: boolean;
}

/**
 * POST /fleet/inventory/upload?dryRun=: the file itself as the body. The server tells CSV from
 * XLSX by content, so the type sent is neutral (browsers name a .csv file differently).
 */
export function uploadInventory({ file, dryRun }: InventoryUpload) {
  return apiClient.post(
    '/fleet/inventory/upload',
    new Blob([file], { type: 'application/octet-stream' }),
    inventoryUploadResultSchema,
    { query: { dryRun: dryRun ? '1' : '0' }, quiet: true },
  );
}

/** An applied upload changes states and counts everywhere: every fleet query is refetched. */
export function useUploadInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadInventory,
    onSuccess: (result) => {
      if (result.applied) void queryClient.invalidateQueries({ queryKey: FLEET_KEY });
    },
  });
}
