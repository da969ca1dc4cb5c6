import type { ComplianceState, FLEET_EXPORT_FORMATS } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

export type FleetExportFormat = (typeof FLEET_EXPORT_FORMATS)[number];

/** GET /fleet/inventory/template.csv, saved as a download (the bearer header rules out a plain link). */
export async function downloadInventoryTemplate() {
  saveBlob(await apiClient.blob('/fleet/inventory/template.csv', { quiet: true }), 'inventory-template.csv');
}

/** GET /fleet/export: every component of my servers (of one state, when given), as CSV or JSON. */
export async function exportFleet(format: FleetExportFormat, state?: ComplianceState) {
  const blob = await apiClient.blob('/fleet/export', { query: { format, state }, quiet: true });
  saveBlob(blob, `fleet-compliance.${format}`);
}
