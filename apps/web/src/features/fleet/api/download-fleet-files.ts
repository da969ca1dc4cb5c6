import type { ComplianceState, FLEET_EXPORT_FORMATS } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

export type FleetExportFormat = (typeof FLEET_EXPORT_FORMATS)[number];

export type InventoryTemplateFormat = 'csv' | 'xlsx';

/** GET /fleet/inventory/template.csv|xlsx, saved as a download (the bearer header rules out a plain link). */
export async function downloadInventoryTemplate(format: InventoryTemplateFormat) {
  const name = `template.${format}`;
  saveBlob(await apiClient.blob(`/fleet/inventory/${name}`, { quiet: true }), `inventory-${name}`);
}

/** GET /fleet/export (or an organisation's, for staff): every component (of one state, when given), as CSV or JSON. */
export async function exportFleet(format: FleetExportFormat, state?: ComplianceState, api = '/fleet') {
  const blob = await apiClient.blob(`${api}/export`, { query: { format, state }, quiet: true });
  saveBlob(blob, `fleet-compliance.${format}`);
}
