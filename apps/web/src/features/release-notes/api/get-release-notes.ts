import { type Locale, releaseNoteSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { toLocale } from '@/lib/locale-detection';
import type { QueryConfig } from '@/lib/query-client';

export const releaseNotesSchema = z.array(releaseNoteSchema);

/**
 * GET /releaseNote/getReleaseNoteList: every version of the portal. `quiet` because the
 * dialog shows the failure itself (spec 8: 查看版本信息异常); a session end is still handled.
 */
export function getReleaseNotes(signal?: AbortSignal) {
  return apiClient.get('/releaseNote/getReleaseNoteList', releaseNotesSchema, { signal, quiet: true });
}

/** `locale` is part of the key because the server translates the change descriptions. */
export function getReleaseNotesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['release-notes', locale],
    queryFn: ({ signal }) => getReleaseNotes(signal),
  });
}

export function useReleaseNotes(config: QueryConfig<typeof getReleaseNotesQueryOptions> = {}) {
  const { i18n } = useTranslation();
  return useQuery({ ...getReleaseNotesQueryOptions(toLocale(i18n.resolvedLanguage)), ...config });
}
