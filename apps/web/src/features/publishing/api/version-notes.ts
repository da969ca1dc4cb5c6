import {
  editorImageUploadSchema,
  type PublishNotesInput,
  publishVersionDetailSchema,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient, buildApiUrl } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { getAccessToken } from '@/lib/session';
import { PUBLISHING_KEY, usePublishingMutation } from './use-publishing-mutation';

/** GET /publishing/versions/:id: one version with its release notes in both languages. */
export function getVersionDetail(id: number, signal?: AbortSignal) {
  return apiClient.get(`/publishing/versions/${id}`, publishVersionDetailSchema, { signal, quiet: true });
}

export function useVersionDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...PUBLISHING_KEY, 'version', id],
    queryFn: ({ signal }) => getVersionDetail(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** PUT /publishing/versions/:id/notes: the structured lists and both rich-text bodies (sanitised there). */
export const saveVersionNotes = ({ id, input }: { id: number; input: PublishNotesInput }) =>
  apiClient.put(`/publishing/versions/${id}/notes`, input, publishVersionDetailSchema, { quiet: true });

export const useSaveVersionNotes = () => usePublishingMutation(saveVersionNotes);

/**
 * POST /publishing/editor/images (multipart `file`, at most 5). The editor contract (spec 7)
 * answers `{status: 'success', url, urls}` rather than the envelope; failures are envelopes.
 */
export async function uploadEditorImages(files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const token = getAccessToken();
  const response = await fetch(buildApiUrl('/publishing/editor/images'), {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body: unknown = await response.json().catch(() => null);
  const uploaded = editorImageUploadSchema.safeParse(body);
  if (response.ok && uploaded.success) return uploaded.data;
  const message = (body as { message?: unknown } | null)?.message;
  throw new Error(typeof message === 'string' ? message : i18n.t('errors:api.badResponse'));
}
