import { auditPageSchema, type AuditQuery, dashboardStatsSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { SYSTEM_KEY } from './system-keys';

export type AuditParams = { pageNo: number; pageSize: number } & Pick<
  AuditQuery,
  'q' | 'action' | 'targetType' | 'from' | 'to'
>;

/** GET /sysAudit/page (sysAudit:page). */
export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'audit', params],
    queryFn: ({ signal }) =>
      apiClient.get('/sysAudit/page', auditPageSchema, {
        query: {
          pageNo: String(params.pageNo),
          pageSize: String(params.pageSize),
          q: params.q || undefined,
          action: params.action || undefined,
          targetType: params.targetType || undefined,
          from: params.from,
          to: params.to,
        },
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dashboard/stats (sysDashboard:page). */
export function useDashboard(days: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'dashboard', days, i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/dashboard/stats', dashboardStatsSchema, {
        query: { days: String(days) },
        signal,
        quiet: true,
      }),
  });
}
