import { MEMBER_SORT_COLUMNS, type MemberSortColumn, type MembersQueryInput } from '@shared/admin-api';
import { formatDay, formatMonth } from '@/lib/dates';

/** The members table's state as it lives in the address (`?search=…&sort=…`), so a reload or Back keeps it. */
export interface MembersTableState {
  search: string;
  role: string;
  department: string;
  complete: '' | 'true' | 'false';
  /** docs/product.md#due-dates-and-reminders: with overdue steps or not, stalled or not, start date from / to. */
  overdue: '' | 'true' | 'false';
  stalled: '' | 'true' | 'false';
  startFrom: string;
  startTo: string;
  /**
   * Members who left the organisation (docs/product.md#admin-area): '' hides them (the default), 'all' shows them
   * with everyone else, 'only' shows just them.
   */
  left: '' | 'all' | 'only';
  sort: MemberSortColumn;
  dir: 'asc' | 'desc';
  page: number;
  /** The insights page's filters (the members behind one of its figures); '' = none. */
  currentStep: string;
  completedStep: string;
  started: string;
  completeDaysMin: string;
  completeDaysMax: string;
  activeWeek: string;
}

/** The filters only the insights page sets: shown above the table with a way to clear them. */
export const INSIGHT_FILTERS = [
  'currentStep',
  'completedStep',
  'started',
  'completeDaysMin',
  'completeDaysMax',
  'activeWeek',
] as const;
export type InsightFilter = (typeof INSIGHT_FILTERS)[number];

/** The page size of the members table. */
export const MEMBERS_PAGE_SIZE = 25;

/**
 * Reads the table's state from the address; unknown or missing values fall back to the defaults (name, ascending,
 * page 1, no filter).
 * @param params the address's search parameters
 */
export function readMembersTableState(params: URLSearchParams): MembersTableState {
  const sort = params.get('sort') ?? '';
  const complete = params.get('complete') ?? '';
  const page = Number(params.get('page') ?? '1');
  const yesNo = (name: string): '' | 'true' | 'false' => {
    const value = params.get(name);
    return value === 'true' || value === 'false' ? value : '';
  };
  const day = (name: string) =>
    /^\d{4}-\d{2}-\d{2}$/u.test(params.get(name) ?? '') ? (params.get(name) as string) : '';
  return {
    overdue: yesNo('overdue'),
    stalled: yesNo('stalled'),
    startFrom: day('startFrom'),
    startTo: day('startTo'),
    left: params.get('left') === 'all' ? 'all' : params.get('left') === 'only' ? 'only' : '',
    search: params.get('search') ?? '',
    role: params.get('role') ?? '',
    department: params.get('department') ?? '',
    complete: complete === 'true' || complete === 'false' ? complete : '',
    sort: (MEMBER_SORT_COLUMNS as readonly string[]).includes(sort) ? (sort as MemberSortColumn) : 'name',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    currentStep: params.get('currentStep') ?? '',
    completedStep: params.get('completedStep') ?? '',
    started: /^\d{4}-\d{2}$/u.test(params.get('started') ?? '') ? (params.get('started') as string) : '',
    completeDaysMin: /^\d{1,5}$/u.test(params.get('completeDaysMin') ?? '')
      ? (params.get('completeDaysMin') as string)
      : '',
    completeDaysMax: /^\d{1,5}$/u.test(params.get('completeDaysMax') ?? '')
      ? (params.get('completeDaysMax') as string)
      : '',
    activeWeek: /^\d{4}-\d{2}-\d{2}$/u.test(params.get('activeWeek') ?? '') ? (params.get('activeWeek') as string) : '',
  };
}

/**
 * The address parameters of a state, leaving out defaults so addresses stay short.
 * @param state the table's state
 * @param tab the console tab to keep in the address, if any
 */
export function membersTableParams(state: MembersTableState, tab?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== undefined) params.set('tab', tab);
  if (state.search !== '') params.set('search', state.search);
  if (state.role !== '') params.set('role', state.role);
  if (state.department !== '') params.set('department', state.department);
  if (state.complete !== '') params.set('complete', state.complete);
  for (const name of ['overdue', 'stalled', 'startFrom', 'startTo', 'left'] as const)
    if (state[name] !== '') params.set(name, state[name]);
  if (state.sort !== 'name') params.set('sort', state.sort);
  if (state.dir !== 'asc') params.set('dir', state.dir);
  if (state.page !== 1) params.set('page', String(state.page));
  for (const name of INSIGHT_FILTERS) if (state[name] !== '') params.set(name, state[name]);
  return params;
}

/**
 * The API query of a state (shared `membersQuerySchema`); empty filters are left out.
 * @param withPaging false for the CSV export, which holds every matching member
 */
export function membersApiQuery(state: MembersTableState, withPaging = true): URLSearchParams {
  const query: MembersQueryInput = { sort: state.sort, dir: state.dir };
  if (state.search !== '') query.search = state.search;
  if (state.role !== '') query.role = state.role;
  if (state.department !== '') query.department = state.department;
  if (state.complete !== '') query.complete = state.complete;
  if (state.overdue !== '') query.overdue = state.overdue;
  if (state.stalled !== '') query.stalled = state.stalled;
  if (state.startFrom !== '') query.startFrom = state.startFrom;
  if (state.startTo !== '') query.startTo = state.startTo;
  if (state.left !== 'all') query.left = state.left === 'only' ? 'true' : 'false';
  if (state.currentStep !== '') query.currentStep = state.currentStep;
  if (state.completedStep !== '') query.completedStep = state.completedStep;
  if (state.started !== '') query.started = state.started;
  if (state.completeDaysMin !== '') query.completeDaysMin = Number(state.completeDaysMin);
  if (state.completeDaysMax !== '') query.completeDaysMax = Number(state.completeDaysMax);
  if (state.activeWeek !== '') query.activeWeek = state.activeWeek;
  if (withPaging) {
    query.page = state.page;
    query.pageSize = MEMBERS_PAGE_SIZE;
  }
  return new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
}

/**
 * The insights page's filters of a state in words, e.g. `["on the step “Set up Slack” now", "who started in
 * March 2025"]`; empty when none is set.
 */
export function describeInsightFilters(state: MembersTableState): string[] {
  const words: string[] = [];
  if (state.currentStep !== '') words.push(`on the step “${state.currentStep}” now`);
  if (state.completedStep !== '') words.push(`who completed the step “${state.completedStep}”`);
  if (state.started !== '') words.push(`who started in ${formatMonth(state.started)}`);
  if (state.completeDaysMin !== '' || state.completeDaysMax !== '') {
    const min = state.completeDaysMin === '' ? '0' : state.completeDaysMin;
    words.push(
      state.completeDaysMax === ''
        ? `who completed onboarding in ${min} days or more`
        : `who completed onboarding in ${min} to ${state.completeDaysMax} days`,
    );
  }
  if (state.activeWeek !== '') words.push(`who completed a step in the week of ${formatDay(state.activeWeek)}`);
  return words;
}
