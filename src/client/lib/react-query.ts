import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toasts';
import { isApiError } from './api-client';
import { queryKeys } from './query-keys';

interface ErrorToast {
  title: string;
  description: string;
  /** Which failures the toast is for; every failure when absent. */
  when?: (error: Error) => boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: ErrorToast };
  }
}

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not hiccups: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * The app's QueryClient. A 401 from any call means the session ended: the signed-in user is cleared, so the protected
 * wrapper sends the person to /login. Queries may ask for a destructive toast on failure through `meta.errorToast`
 * (for the failures its `when` accepts).
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error) && error.status === 401 && query.queryKey[0] !== queryKeys.me[0]) {
          queryClient.setQueryData(queryKeys.me, null);
          return;
        }
        const errorToast = query.meta?.errorToast;
        if (errorToast && (errorToast.when?.(error) ?? true))
          toast.error(errorToast.title, { description: errorToast.description, id: errorToast.title });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) queryClient.setQueryData(queryKeys.me, null);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
