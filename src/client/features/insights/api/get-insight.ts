import {
  activitySchema,
  cohortsSchema,
  funnelSchema,
  quizzesSchema,
  teamTasksInsightSchema,
  timeToCompleteSchema,
  type InsightChart,
} from '@shared/insights-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

/** The answer schema of each chart (src/shared/insights-api.ts). */
const SCHEMAS = {
  funnel: funnelSchema,
  'time-to-complete': timeToCompleteSchema,
  cohorts: cohortsSchema,
  activity: activitySchema,
  quizzes: quizzesSchema,
  'team-tasks': teamTasksInsightSchema,
} as const satisfies Record<InsightChart, z.ZodType>;

export type InsightData<C extends InsightChart> = z.infer<(typeof SCHEMAS)[C]>;

/**
 * GET /api/admin/insights/:chart?role&department&started — one chart's figures.
 * @param chart which chart
 * @param query the page's filters (from `insightsApiQuery`)
 * @throws ApiError
 */
export async function getInsight<C extends InsightChart>(
  chart: C,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<InsightData<C>> {
  return apiRequest(apiPaths.adminInsight(chart, query), SCHEMAS[chart] as unknown as z.ZodType<InsightData<C>>, {
    signal,
  });
}

/** One chart's figures; the previous figures stay on screen while new filters load. */
export function useInsight<C extends InsightChart>(chart: C, query: URLSearchParams) {
  return useQuery({
    queryKey: ['admin', 'insights', chart, query.toString()],
    queryFn: ({ signal }) => getInsight(chart, query, signal),
    placeholderData: keepPreviousData,
  });
}
