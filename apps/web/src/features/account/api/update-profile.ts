import { profileSchema, type UpdateProfileBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useProfileChanged } from './use-profile-changed';

/** POST /sysUser/updateInfo: answers the saved profile. `quiet`: the form shows the failure. */
export function updateProfile(body: UpdateProfileBody) {
  return apiClient.post('/sysUser/updateInfo', body, profileSchema, { quiet: true });
}

export function useUpdateProfile(config: MutationConfig<typeof updateProfile> = {}) {
  const profileChanged = useProfileChanged();
  return useMutation({
    ...config,
    mutationFn: updateProfile,
    onSuccess: (profile, ...rest) => {
      profileChanged(profile);
      return config.onSuccess?.(profile, ...rest);
    },
  });
}
