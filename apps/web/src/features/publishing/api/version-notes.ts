import {
  editorImageUploadSchema,
  type PublishNotesInput,
  publishVersionDetailSchema,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
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

/** POST /publishing/editor/images (multipart `file`, at most 5): answers the URLs to insert. */
export function uploadEditorImages(files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return apiClient.upload('/publishing/editor/images', form, editorImageUploadSchema);
}
