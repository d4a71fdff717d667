import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { readCachedUser } from '../utils/user-cache';
import { getMe } from './me';

export { getMe };

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe({ signal }),
    // The cached profile paints at once; `initialDataUpdatedAt: 0` makes it stale so the server is always asked.
    initialData: () => readCachedUser() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
