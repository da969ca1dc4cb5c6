import type { Activation } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/** GET /activation/:id/file, saved under the name the server gives it. */
export async function downloadActivationFile(activation: Pick<Activation, 'id' | 'machineCode'>) {
  const blob = await apiClient.blob(`/activation/${activation.id}/file`, { quiet: true });
  saveBlob(blob, `activation-code-${activation.machineCode}-${activation.id}.lic`);
}
