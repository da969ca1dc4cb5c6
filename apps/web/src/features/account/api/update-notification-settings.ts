import { type NotificationSettings, notificationSettingsSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** PUT /sysUser/notificationSettings with the whole set; answers what was stored. */
export function updateNotificationSettings(settings: NotificationSettings) {
  return apiClient.put('/sysUser/notificationSettings', settings, notificationSettingsSchema, {
    quiet: true,
  });
}

/**
 * Saves on every change. The switch shows the new value at once (optimistic); a failure puts
 * the stored value back.
 */
export function useUpdateNotificationSettings(
  config: MutationConfig<typeof updateNotificationSettings> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateNotificationSettings,
    onMutate: async (next, context) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      queryClient.setQueryData(notificationSettingsQueryKey, next);
      return config.onMutate?.(next, context);
    },
    onSuccess: (stored, ...rest) => {
      queryClient.setQueryData(notificationSettingsQueryKey, stored);
      return config.onSuccess?.(stored, ...rest);
    },
    onError: (...args) => {
      void queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey });
      return config.onError?.(...args);
    },
  });
}
