import {
  type AssignOrganisation,
  organisationSchema,
  type UserAdminCreate,
  type UserAdminEdit,
  userAdminDetailSchema,
  userAdminPageSchema,
  type UserAdminQuery,
  userAdminRoleOptionSchema,
  userAdminRowSchema,
  verificationSchema,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { SYSTEM_KEY, useSystemMutation } from './system-keys';

export type UserListParams = { pageNo: number; pageSize: number } & Pick<
  UserAdminQuery,
  'q' | 'status' | 'role'
>;

/** GET /sysUser/page (sysUser:page). */
export function useUsers(params: UserListParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'users', params, i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/sysUser/page', userAdminPageSchema, {
        query: {
          pageNo: String(params.pageNo),
          pageSize: String(params.pageSize),
          q: params.q || undefined,
          status: params.status,
          role: params.role,
        },
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /sysUser/roleOptions: the roles to choose from, named in the UI language. */
export function useRoleOptions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'role-options', i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/sysUser/roleOptions', z.array(userAdminRoleOptionSchema), { signal, quiet: true }),
  });
}

/** GET /sysUser/organisations: the customer organisations staff assign users to. */
export function useOrganisations() {
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'organisations'],
    queryFn: ({ signal }) =>
      apiClient.get('/sysUser/organisations', z.array(organisationSchema), { signal, quiet: true }),
  });
}

/** GET /sysUser/:id/detail: profile, sessions, sign-ins, downloads, servers. */
export function useUserDetail(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'user', id, i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get(`/sysUser/${id}/detail`, userAdminDetailSchema, { signal, quiet: true }),
    enabled: id !== undefined,
  });
}

const post = (path: string, body?: unknown) =>
  apiClient.post(path, body, userAdminRowSchema, { quiet: true });

export const useCreateUser = () => useSystemMutation((input: UserAdminCreate) => post('/sysUser/add', input));
export const useUpdateUser = () =>
  useSystemMutation(({ id, input }: { id: number; input: UserAdminEdit }) =>
    apiClient.put(`/sysUser/${id}`, input, userAdminRowSchema, { quiet: true }),
  );
export const useFreezeUser = () =>
  useSystemMutation(({ id, frozen }: { id: number; frozen: boolean }) =>
    post(`/sysUser/${id}/freeze`, { frozen }),
  );
export const useUnlockUser = () => useSystemMutation((id: number) => post(`/sysUser/${id}/unlock`));
export const useResetPassword = () =>
  useSystemMutation((id: number) =>
    apiClient.post(`/sysUser/${id}/resetPwd`, undefined, z.null(), { quiet: true }),
  );
export const useGrantRoles = () =>
  useSystemMutation(({ id, roleCodes }: { id: number; roleCodes: string[] }) =>
    apiClient.put(`/sysUser/${id}/roles`, { roleCodes }, userAdminRowSchema, { quiet: true }),
  );
export const useBindUserSerials = () =>
  useSystemMutation(({ id, serials }: { id: number; serials: string[] }) =>
    apiClient.post(`/sysUser/${id}/serials`, { serials, verify: true }, verificationSchema, { quiet: true }),
  );
export const useUnbindUserSerial = () =>
  useSystemMutation(({ id, sn }: { id: number; sn: string }) =>
    apiClient.delete(`/sysUser/${id}/serials/${encodeURIComponent(sn)}`, verificationSchema, { quiet: true }),
  );
/** PUT /sysUser/:id/organisation (sysUser:edit, audited): by id, by name (found or created), or none. */
export const useAssignOrganisation = () =>
  useSystemMutation(({ id, body }: { id: number; body: AssignOrganisation }) =>
    apiClient.put(`/sysUser/${id}/organisation`, body, userAdminRowSchema, { quiet: true }),
  );
