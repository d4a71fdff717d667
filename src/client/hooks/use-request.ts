import { useCallback, useEffect, useState } from 'react';
import { ApiError, isApiError } from '@/lib/api-client';

/** What {@link useRequest} knows of its request. */
export interface RequestState<T> {
  /** The answer, once one arrived (kept while asking again). */
  data: T | undefined;
  /** The last failure, once every attempt failed (cleared when asking again). */
  error: ApiError | undefined;
  /** True while the request (or one of its retries) runs. */
  pending: boolean;
  /** Asks again (e.g. the 'Try again' button). */
  retry: () => void;
}

/** Retries after a 5xx or no connection, as the app's query client does (lib/react-query.ts): twice, 1 s then 2 s. */
const MAX_RETRIES = 2;
const retryDelayMs = (failures: number) => Math.min(1000 * 2 ** (failures - 1), 30_000);
const isWorthRetrying = (error: ApiError) => error.status === 0 || error.status >= 500;

/**
 * One API request with its state, for the login page, which has no TanStack Query (docs/decisions/012). Runs `load` on
 * mount (when `enabled`), cancels it on unmount (React's strict mode mounts twice: the first request is cancelled),
 * retries a 5xx or network failure twice with back-off, and runs it again on `retry()`.
 * @param load the request (a module-level `api/` function, so it stays the same between renders); it gets an
 *   AbortSignal
 * @param enabled false to not ask at all (`pending` stays false)
 * @returns the state: data, error, pending and retry
 */
export function useRequest<T>(load: (options: { signal: AbortSignal }) => Promise<T>, enabled = true): RequestState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<RequestState<T>, 'retry'>>({
    data: undefined,
    error: undefined,
    pending: enabled,
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const run = () => {
      load({ signal: controller.signal }).then(
        (data) => {
          if (!controller.signal.aborted) setState({ data, error: undefined, pending: false });
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return;
          const error = isApiError(caught)
            ? caught
            : new ApiError(0, caught instanceof Error ? caught.message : String(caught));
          failures += 1;
          if (isWorthRetrying(error) && failures <= MAX_RETRIES) {
            timer = setTimeout(run, retryDelayMs(failures));
            return;
          }
          setState((s) => ({ data: s.data, error, pending: false }));
        },
      );
    };
    run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [load, enabled, attempt]);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, error: undefined, pending: true }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
