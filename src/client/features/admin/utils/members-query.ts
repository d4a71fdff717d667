import { MEMBER_SORT_COLUMNS, type MemberSortColumn, type MembersQueryInput } from '@shared/admin-api';

/** The members table's state as it lives in the address (`?search=…&sort=…`), so a reload or Back keeps it. */
export interface MembersTableState {
  search: string;
  role: string;
  department: string;
  complete: '' | 'true' | 'false';
  sort: MemberSortColumn;
  dir: 'asc' | 'desc';
  page: number;
}

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
  return {
    search: params.get('search') ?? '',
    role: params.get('role') ?? '',
    department: params.get('department') ?? '',
    complete: complete === 'true' || complete === 'false' ? complete : '',
    sort: (MEMBER_SORT_COLUMNS as readonly string[]).includes(sort) ? (sort as MemberSortColumn) : 'name',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
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
  if (state.sort !== 'name') params.set('sort', state.sort);
  if (state.dir !== 'asc') params.set('dir', state.dir);
  if (state.page !== 1) params.set('page', String(state.page));
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
  if (withPaging) {
    query.page = state.page;
    query.pageSize = MEMBERS_PAGE_SIZE;
  }
  return new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
}
