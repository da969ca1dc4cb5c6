import { psirtEncryptionKeySchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /psirt/encryption-key: the PSIRT's OpenPGP key, to encrypt a report with. */
export function useEncryptionKey() {
  return useQuery({
    queryKey: ['psirt', 'encryption-key'],
    queryFn: ({ signal }) =>
      apiClient.get('/psirt/encryption-key', psirtEncryptionKeySchema, {
        signal,
        quiet: true,
        anonymous: true,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
