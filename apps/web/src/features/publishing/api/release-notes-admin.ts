import { type ReleaseNoteAdminInput, releaseNoteAdminSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { PUBLISHING_KEY, usePublishingMutation } from './use-publishing-mutation';

/** GET /releaseNote/manage: the portal's own release notes in both languages (header dialog data). */
export function useReleaseNotesAdmin() {
  return useQuery({
    queryKey: [...PUBLISHING_KEY, 'release-notes'],
    queryFn: ({ signal }) =>
      apiClient.get('/releaseNote/manage', z.array(releaseNoteAdminSchema), { signal, quiet: true }),
  });
}

/** POST /releaseNote/manage (new) or PUT /releaseNote/manage/:id. */
export const saveReleaseNote = ({ id, input }: { id?: number; input: ReleaseNoteAdminInput }) =>
  id === undefined
    ? apiClient.post('/releaseNote/manage', input, releaseNoteAdminSchema, { quiet: true })
    : apiClient.put(`/releaseNote/manage/${id}`, input, releaseNoteAdminSchema, { quiet: true });

export const deleteReleaseNote = (id: number) =>
  apiClient.delete(`/releaseNote/manage/${id}`, z.null(), { quiet: true });

export const useSaveReleaseNote = () => usePublishingMutation(saveReleaseNote);
export const useDeleteReleaseNote = () => usePublishingMutation(deleteReleaseNote);
