import { type PublishVersionMeta, publishVersionSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { usePublishingMutation } from './use-publishing-mutation';

export type UploadVersion = {
  itemId: number;
  meta: PublishVersionMeta;
  file: File;
  /** An fwportal build's release signature (its `.sig`), sent before the file. */
  signature?: File | null;
  signal?: AbortSignal;
  onProgress?: (sent: number, total: number) => void;
};

/**
 * POST /publishing/items/:id/versions (multipart): `meta` first, then `file`, because the server
 * checks the metadata before it accepts a single byte of the archive. Answers the new draft.
 */
export function uploadVersion({ itemId, meta, file, signature, signal, onProgress }: UploadVersion) {
  const form = new FormData();
  form.append('meta', JSON.stringify(meta));
  if (signature) form.append('signature', signature, signature.name);
  form.append('file', file, file.name);
  return apiClient.upload(`/publishing/items/${itemId}/versions`, form, publishVersionSchema, {
    signal,
    onProgress,
  });
}

export const useUploadVersion = (config: MutationConfig<typeof uploadVersion> = {}) =>
  usePublishingMutation(uploadVersion, config);
