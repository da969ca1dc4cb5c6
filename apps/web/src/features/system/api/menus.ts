import { appOptionSchema, menuAdminRowSchema, type MenuInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { SYSTEM_KEY, useSystemMutation } from './system-keys';

/** GET /sysMenu/apps (sysMenu:page): the applications whose menus can be edited. */
export function useMenuApps() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'menu-apps', i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/sysMenu/apps', z.array(appOptionSchema), { signal, quiet: true }),
  });
}

/** GET /sysMenu/list: one application's menus, flat. */
export function useMenuList(application: string | undefined) {
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'menus', application],
    queryFn: ({ signal }) =>
      apiClient.get('/sysMenu/list', z.array(menuAdminRowSchema), {
        query: { application: application ?? '' },
        signal,
        quiet: true,
      }),
    enabled: application !== undefined,
  });
}

export const useCreateMenu = () =>
  useSystemMutation((input: MenuInput) =>
    apiClient.post('/sysMenu/add', input, menuAdminRowSchema, { quiet: true }),
  );
export const useUpdateMenu = () =>
  useSystemMutation(({ id, input }: { id: number; input: MenuInput }) =>
    apiClient.put(`/sysMenu/${id}`, input, menuAdminRowSchema, { quiet: true }),
  );
export const useDeleteMenu = () =>
  useSystemMutation((id: number) => apiClient.delete(`/sysMenu/${id}`, z.null(), { quiet: true }));
