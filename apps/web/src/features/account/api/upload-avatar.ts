import { uploadedFileSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useProfileChanged } from './use-profile-changed';

/** POST /sysFileInfo/uploadAvatar (multipart, field `file`): stores the image and makes it the avatar. */
export function uploadAvatar(file: Blob) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post('/sysFileInfo/uploadAvatar', form, uploadedFileSchema, { quiet: true });
}

export function useUploadAvatar(config: MutationConfig<typeof uploadAvatar> = {}) {
  const profileChanged = useProfileChanged();
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: uploadAvatar,
    onSuccess: (...args) => {
      // The avatar id changed: the profile and the header's user both name the new file.
      profileChanged();
      // In case the server keeps the id and replaces the bytes.
      void queryClient.invalidateQueries({ queryKey: ['account', 'avatar'] });
      return config.onSuccess?.(...args);
    },
  });
}
