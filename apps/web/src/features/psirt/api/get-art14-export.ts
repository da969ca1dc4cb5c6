import { type Art14Stage, art14ExportSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { PSIRT_KEY } from './get-art14-cases';

/**
 * GET /staff/psirt/art14/:id/export?stage=: one report's content (JSON) and printable text in the
 * UI language. Every fetch is audited, so it is fetched when asked for, not kept fresh.
 */
export function useArt14Export(id: number, stage: Art14Stage, language: string) {
  return useQuery({
    queryKey: [...PSIRT_KEY, 'art14', id, 'export', stage, language],
    queryFn: ({ signal }) =>
      apiClient.get(`/staff/psirt/art14/${id}/export`, art14ExportSchema, {
        query: { stage },
        signal,
        quiet: true,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
