import { profileSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useProfileChanged } from './use-profile-changed';

export type ContactKind = 'email' | 'phone';

export interface BindContactInput {
  kind: ContactKind;
  /** The new address or number. */
  value: string;
  code: string;
}

/** POST /sysUser/bindEmail {email, code} or /sysUser/bindPhone {phone, code}; answers the new profile. */
export function bindContact({ kind, value, code }: BindContactInput) {
  return kind === 'email'
    ? apiClient.post('/sysUser/bindEmail', { email: value, code }, profileSchema, { quiet: true })
    : apiClient.post('/sysUser/bindPhone', { phone: value, code }, profileSchema, { quiet: true });
}

export function useBindContact(config: MutationConfig<typeof bindContact> = {}) {
  const profileChanged = useProfileChanged();
  return useMutation({
    ...config,
    mutationFn: bindContact,
    onSuccess: (profile, ...rest) => {
      profileChanged(profile);
      return config.onSuccess?.(profile, ...rest);
    },
  });
}
