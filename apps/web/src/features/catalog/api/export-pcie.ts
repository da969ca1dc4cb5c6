import type { PcieLookupBy } from '@portal/contract';
import { apiClient } from '@/lib/api-client';

/** GET /catalog/pcie/lookup/export: the lookup result as CSV, every SN included. */
export function exportPcie(by: PcieLookupBy, values: readonly string[]) {
  return apiClient.blob('/catalog/pcie/lookup/export', {
    query: { by, values: values.join(',') },
    quiet: true,
  });
}
