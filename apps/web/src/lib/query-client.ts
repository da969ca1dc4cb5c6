import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiError } from './api-error';

declare module '@tanstack/react-query' {
  // The API client rejects with nothing but ApiError, so hooks can read `error.code` typed.
  interface Register {
    defaultError: ApiError;
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already reports failures; a retry would repeat a 6 s timeout and a toast.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

type AsyncFn = (...args: never[]) => Promise<unknown>;

/** Extra useQuery options a hook caller may pass; key and fetcher stay owned by the API file. */
export type QueryConfig<QueryOptionsFn extends (...args: never[]) => unknown> = Omit<
  ReturnType<QueryOptionsFn>,
  'queryKey' | 'queryFn'
>;

/** Extra useMutation options a hook caller may pass (callbacks, meta). */
export type MutationConfig<MutationFn extends AsyncFn> = Omit<
  UseMutationOptions<Awaited<ReturnType<MutationFn>>, ApiError, Parameters<MutationFn>[0]>,
  'mutationFn'
>;
