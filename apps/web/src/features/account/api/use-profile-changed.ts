import type { Profile } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { profileQueryKey } from './get-profile';

/**
 * The signed-in user as the header shows it (name, avatar). Its key belongs to the auth
 * feature; features do not import each other, so only the key is repeated here.
 */
const LOGIN_USER_QUERY_KEY = ['auth', 'login-user'] as const;

/** After a change answered with the new profile: show it here and refresh the header's user. */
export function useProfileChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (profile?: Profile) => {
      if (profile) queryClient.setQueryData(profileQueryKey, profile);
      else void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: LOGIN_USER_QUERY_KEY });
    },
    [queryClient],
  );
}
