import { notificationSettingsSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const notificationSettingsQueryKey = ['account', 'notification-settings'] as const;

/** GET /sysUser/notificationSettings: which notices the user receives, per channel. */
export function getNotificationSettings(signal?: AbortSignal) {
  return apiClient.get('/sysUser/notificationSettings', notificationSettingsSchema, { signal, quiet: true });
}

export function getNotificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(getNotificationSettingsQueryOptions());
}
