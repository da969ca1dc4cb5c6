import { sbomSummarySchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { PUBLISHING_KEY, usePublishingMutation } from './use-publishing-mutation';

/** The SBOM error code a version without one answers (packages/contract errors.ts). */
const SBOM_NOT_FOUND = 1018009;

/** GET /publishing/versions/:id/sbom: the version's SBOM summary, or null when it has none. */
export async function getPublishSbom(versionId: number, signal?: AbortSignal) {
  try {
    return await apiClient.get(`/publishing/versions/${versionId}/sbom`, sbomSummarySchema, {
      signal,
      quiet: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === SBOM_NOT_FOUND) return null;
    throw error;
  }
}

export const usePublishSbom = (versionId: number) =>
  useQuery({
    queryKey: [...PUBLISHING_KEY, 'version', versionId, 'sbom'],
    queryFn: ({ signal }) => getPublishSbom(versionId, signal),
  });

/** PUT /publishing/versions/:id/sbom (multipart `sbom`): checked on the server, each problem named. */
export function uploadSbom({ versionId, file }: { versionId: number; file: File }) {
  const form = new FormData();
  form.append('sbom', file, file.name);
  return apiClient.upload(`/publishing/versions/${versionId}/sbom`, form, sbomSummarySchema, {
    method: 'PUT',
  });
}

export function deleteSbom(versionId: number) {
  return apiClient.delete(`/publishing/versions/${versionId}/sbom`, z.null());
}

export const useUploadSbom = () => usePublishingMutation(uploadSbom);
export const useDeleteSbom = () => usePublishingMutation(deleteSbom);

/** The problems of a refused SBOM (1018008): the envelope's data, one line each. */
export function sbomProblemsOf(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.data)) return [];
  return error.data.filter(
    (line): line is { field: string; message: string } =>
      typeof line === 'object' && line !== null && 'field' in line && 'message' in line,
  );
}
