import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useObjectUrl } from '../hooks/use-object-url';

/**
 * GET /sysFileInfo/preview?id=: the image bytes. The route needs the bearer header, which an
 * <img src> cannot send, so the bytes are fetched and shown through an object URL.
 */
export function getAvatarPreview(id: string, signal?: AbortSignal) {
  return apiClient.blob('/sysFileInfo/preview', { query: { id }, signal, quiet: true });
}

export function getAvatarPreviewQueryOptions(id: string | null | undefined) {
  return queryOptions({
    queryKey: ['account', 'avatar', id],
    queryFn: ({ signal }) => getAvatarPreview(id ?? '', signal),
    enabled: Boolean(id),
    // A file id names fixed bytes: a new avatar gets a new id.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The avatar `id` as an image URL for <img>/<Avatar>; undefined while there is none or it loads. */
export function useAvatarUrl(id: string | null | undefined): string | undefined {
  const { data: blob } = useQuery(getAvatarPreviewQueryOptions(id));
  return useObjectUrl(id ? blob : undefined);
}
