import {
  type LivecdTaskBody,
  type MirrorTaskBody,
  type PageQuery,
  type PcieLookupBy,
  taskCreatedSchema,
  taskPageSchema,
  taskSchema,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

export const TASKS_KEY = ['tasks'] as const;
/** How often the list refreshes while a task is still PENDING or RUNNING. */
export const TASK_POLL_MS = 2_000;

export type TaskPageParams = Pick<PageQuery, 'pageNo' | 'pageSize'>;

/** GET /tasks: one page of my tasks, newest first; polled while any is unfinished. */
export function useTasks(params: TaskPageParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...TASKS_KEY, params, i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/tasks', taskPageSchema, {
        query: { pageNo: String(params.pageNo), pageSize: String(params.pageSize) },
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.rows.some((task) => task.status === 'PENDING' || task.status === 'RUNNING')
        ? TASK_POLL_MS
        : false,
  });
}

/** POST /tasks/mirror: a LIST_MIRROR_SN / LIST_MIRROR_PN task from typed values. */
export const createMirrorTask = (body: MirrorTaskBody) =>
  apiClient.post('/tasks/mirror', body, taskCreatedSchema, { quiet: true });

/** POST /tasks/mirror/upload?by=: the same from a .txt list. */
export function uploadMirrorTaskList({ by, file }: { by: PcieLookupBy; file: File }) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.post('/tasks/mirror/upload', form, taskCreatedSchema, { query: { by }, quiet: true });
}

/** POST /tasks/livecd: a PACKAGE_LIVE_CD task. */
export const createLivecdTask = (body: LivecdTaskBody) =>
  apiClient.post('/tasks/livecd', body, taskCreatedSchema, { quiet: true });

/** POST /tasks/:id/retry: a FAILED task runs again. */
export const retryTask = (id: number) =>
  apiClient.post(`/tasks/${id}/retry`, {}, taskSchema, { quiet: true });

// Every task mutation refreshes the list, so the personal center shows the new state at once.
export const useCreateMirrorTask = (config: MutationConfig<typeof createMirrorTask> = {}) =>
  useInvalidatingMutation(TASKS_KEY, createMirrorTask, config);
export const useUploadMirrorTaskList = (config: MutationConfig<typeof uploadMirrorTaskList> = {}) =>
  useInvalidatingMutation(TASKS_KEY, uploadMirrorTaskList, config);
export const useCreateLivecdTask = (config: MutationConfig<typeof createLivecdTask> = {}) =>
  useInvalidatingMutation(TASKS_KEY, createLivecdTask, config);
export const useRetryTask = (config: MutationConfig<typeof retryTask> = {}) =>
  useInvalidatingMutation(TASKS_KEY, retryTask, config);
