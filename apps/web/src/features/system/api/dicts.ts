import {
  type DictTypeInput,
  dictTypeRowSchema,
  type DictValueInput,
  dictValueRowSchema,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { SYSTEM_KEY, useSystemMutation } from './system-keys';

/** GET /sysDictType/list (sysDict:page). */
export function useDictTypes() {
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'dict-types'],
    queryFn: ({ signal }) =>
      apiClient.get('/sysDictType/list', z.array(dictTypeRowSchema), { signal, quiet: true }),
  });
}

/** GET /sysDictType/:id/values */
export function useDictValues(typeId: number | undefined) {
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'dict-values', typeId],
    queryFn: ({ signal }) =>
      apiClient.get(`/sysDictType/${typeId}/values`, z.array(dictValueRowSchema), { signal, quiet: true }),
    enabled: typeId !== undefined,
  });
}

export const useSaveDictType = () =>
  useSystemMutation(({ id, input }: { id?: number; input: DictTypeInput }) =>
    id === undefined
      ? apiClient.post('/sysDictType/add', input, dictTypeRowSchema, { quiet: true })
      : apiClient.put(`/sysDictType/${id}`, input, dictTypeRowSchema, { quiet: true }),
  );
export const useDeleteDictType = () =>
  useSystemMutation((id: number) => apiClient.delete(`/sysDictType/${id}`, z.null(), { quiet: true }));
export const useSaveDictValue = () =>
  useSystemMutation(({ id, input }: { id?: number; input: DictValueInput }) =>
    id === undefined
      ? apiClient.post('/sysDictData/add', input, dictValueRowSchema, { quiet: true })
      : apiClient.put(`/sysDictData/${id}`, input, dictValueRowSchema, { quiet: true }),
  );
export const useDeleteDictValue = () =>
  useSystemMutation((id: number) => apiClient.delete(`/sysDictData/${id}`, z.null(), { quiet: true }));
