import {
  grantOptionsSchema,
  type RoleGrants,
  roleGrantsSchema,
  type RoleInput,
  rolePageSchema,
  roleRowSchema,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { SYSTEM_KEY, useSystemMutation } from './system-keys';

export type RoleListParams = { pageNo: number; pageSize: number; q?: string };

/** GET /sysRole/page (sysRole:page). */
export function useRoles(params: RoleListParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'roles', params, i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/sysRole/page', rolePageSchema, {
        query: { pageNo: String(params.pageNo), pageSize: String(params.pageSize), q: params.q || undefined },
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /sysRole/grantOptions: every application's menus and every button permission. */
export function useGrantOptions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'grant-options', i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/sysRole/grantOptions', grantOptionsSchema, { signal, quiet: true }),
  });
}

/** GET /sysRole/:id/grants */
export function useRoleGrants(id: number) {
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'role-grants', id],
    queryFn: ({ signal }) =>
      apiClient.get(`/sysRole/${id}/grants`, roleGrantsSchema, { signal, quiet: true }),
  });
}

export const useCreateRole = () =>
  useSystemMutation((input: RoleInput) =>
    apiClient.post('/sysRole/add', input, roleRowSchema, { quiet: true }),
  );
export const useUpdateRole = () =>
  useSystemMutation(({ id, input }: { id: number; input: RoleInput }) =>
    apiClient.put(`/sysRole/${id}`, input, roleRowSchema, { quiet: true }),
  );
export const useDeleteRole = () =>
  useSystemMutation((id: number) => apiClient.delete(`/sysRole/${id}`, z.null(), { quiet: true }));
export const useGrantRole = () =>
  useSystemMutation(({ id, grants }: { id: number; grants: RoleGrants }) =>
    apiClient.put(`/sysRole/${id}/grants`, grants, roleGrantsSchema, { quiet: true }),
  );
