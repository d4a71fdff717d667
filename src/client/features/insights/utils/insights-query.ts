import type { InsightsQuery } from '@shared/insights-api';
import { formatChartDay, formatMonth as formatMonthIn } from '@/lib/dates';

/** The insights page's filters as they live in the address (`?role=…&department=…&started=YYYY-MM`); '' = all. */
export interface InsightsFilters {
  role: string;
  department: string;
  started: string;
}

/**
 * Reads the filters from the address; a malformed month is ignored.
 * @param params the address's search parameters
 */
export function readInsightsFilters(params: URLSearchParams): InsightsFilters {
  const started = params.get('started') ?? '';
  return {
    role: params.get('role') ?? '',
    department: params.get('department') ?? '',
    started: /^\d{4}-(0[1-9]|1[0-2])$/u.test(started) ? started : '',
  };
}

/** The filters as address or API parameters, leaving out empty ones. */
export function insightsParams(filters: InsightsFilters): URLSearchParams {
  const query: InsightsQuery = {};
  if (filters.role !== '') query.role = filters.role;
  if (filters.department !== '') query.department = filters.department;
  if (filters.started !== '') query.started = filters.started;
  return new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
}

/**
 * The members table's address for the members behind one figure: the page's filters plus the figure's own, with
 * members who left shown unless the figure is of people on a step now.
 * @param filters the page's filters
 * @param figure the figure's members-table filters, e.g. `{ currentStep: 'Set up Slack' }`
 */
export function membersHref(filters: InsightsFilters, figure: Record<string, string | number>): string {
  const params = insightsParams(filters);
  for (const [key, value] of Object.entries(figure)) params.set(key, String(value));
  // The charts count members who left in what they did (completions, cohorts, activity); only "on a step now" leaves
  // them out (someone who left waits at no step), as the members table does by default (docs/product.md#admin-area).
  if (!('currentStep' in figure)) params.set('left', 'all');
  return `/admin?${params.toString()}`;
}

/** `2025-03` → 'Mar 2025' (`long`: 'March 2025'), as the organisation writes dates (docs/product.md#dates-and-times). */
export function formatMonth(month: string, long = false): string {
  return formatMonthIn(month, !long);
}

/** `2025-03-03` → '3 Mar' (`long`: '3 March 2025'), as the organisation writes dates. */
export function formatDay(day: string, long = false): string {
  return formatChartDay(day, long);
}

/** '1 member' / '3 members'. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

/** Days as people say them: '1 day', '2.5 days'. */
export function days(n: number): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? 'day' : 'days'}`;
}
