import { type MenuChangeBody, menuNodeSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const changedMenuSchema = z.array(menuNodeSchema);

/** POST /sysMenu/change: makes `application` the active one and answers its menu list. */
export function changeMenu(body: MenuChangeBody) {
  return apiClient.post('/sysMenu/change', body, changedMenuSchema);
}

export function useChangeMenu(config: MutationConfig<typeof changeMenu> = {}) {
  return useMutation({ ...config, mutationFn: changeMenu });
}
