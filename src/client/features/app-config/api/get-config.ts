import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { getConfig } from './config';

export { getConfig };

export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfig() {
  return useQuery(getConfigQueryOptions());
}
