import { auditPageSchema, type AuditQueryInput } from '@shared/admin-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

const queryString = (query: AuditQueryInput) =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

/** GET /api/admin/audit?actor&kind&page — one page of the audit log, newest first. @throws ApiError */
export async function getAudit({ query, signal }: { query: AuditQueryInput; signal?: AbortSignal }) {
  return apiRequest(`${apiPaths.adminAudit}?${queryString(query)}`, auditPageSchema, { signal });
}

export function getAuditQueryOptions(query: AuditQueryInput) {
  return queryOptions({
    queryKey: adminKeys.audit(queryString(query)),
    queryFn: ({ signal }) => getAudit({ query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the audit log. */
export function useAudit(query: AuditQueryInput) {
  return useQuery(getAuditQueryOptions(query));
}
