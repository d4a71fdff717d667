import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberDueResponse } from '@shared/mail-api';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { memberDueDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/onboarding/due — the member's start day and each step's due date (docs/product.md#due-dates-and-reminders). */
export function getDueDates({ signal }: { signal?: AbortSignal } = {}): Promise<MemberDueResponse> {
  return apiRequest(apiPaths.onboardingDue, memberDueDecoder, { signal });
}

/** The due dates' query (key, fetcher, freshness), shared by the dashboard and the prefetch in main.tsx. */
export function getDueDatesQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.onboarding, 'due'] as const,
    queryFn: ({ signal }) => getDueDates({ signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The member's due dates; idle while `enabled` is false (a role preview shows none). Refetched with the onboarding
 * (a completed step changes nothing here, but a new day does).
 */
export function useDueDates(enabled: boolean) {
  return useQuery({ ...getDueDatesQueryOptions(), enabled });
}
