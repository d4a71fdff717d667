import type { MemberSortColumn } from '@shared/admin-api';
import { stalledMeaning } from '@shared/stalled';
import BarChart3 from 'lucide-react/icons/chart-column';
import Download from 'lucide-react/icons/download';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiPaths, paths } from '@/config/paths';
import { useAdminRoles } from '../api/get-admin-roles';
import { useMembers } from '../api/get-members';
import { fieldClass, labelClass } from '../utils/format';
import {
  describeInsightFilters,
  INSIGHT_FILTERS,
  MEMBERS_PAGE_SIZE,
  type MembersTableState,
  membersApiQuery,
  membersTableParams,
  readMembersTableState,
} from '../utils/members-query';
import { MembersTable } from './members-table';
import { Pagination } from './pagination';
import { DateField } from '@/components/ui/date-field';

/**
 * The members tab of the admin console (docs/product.md#admin-area): search, filters by role / department / complete
 * (members who left are hidden unless the 'Who left' filter shows them), the sortable
 * members table with paging, and 'Export CSV', which downloads every member the filters match. The table's state
 * lives in the address, so Back and reload keep it. A link from the insights page adds filters of its own (the
 * members behind a figure): they are described above the table, with a button that clears them.
 */
export function MembersPanel() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const state = readMembersTableState(params);
  const [search, setSearch] = useState(state.search);
  const members = useMembers(membersApiQuery(state));
  const roles = useAdminRoles();

  const update = (change: Partial<MembersTableState>) =>
    setParams(membersTableParams({ ...state, page: 1, ...change }, params.get('tab') ?? undefined));
  const onSort = (column: MemberSortColumn) =>
    update({ sort: column, dir: column === state.sort && state.dir === 'asc' ? 'desc' : 'asc' });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: search.trim() });
  };

  const insightFilters = describeInsightFilters(state);

  return (
    <div className="space-y-4">
      {insightFilters.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-900">
          <BarChart3 aria-hidden="true" className="size-4 text-brand-700" />
          <p className="flex-1">
            <span className="font-semibold">From insights: </span>
            members {insightFilters.join(', ')}.
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => update(Object.fromEntries(INSIGHT_FILTERS.map((f) => [f, ''])))}
          >
            <X aria-hidden="true" /> Clear these filters
          </Button>
          <Link
            to={paths.adminInsights.getHref()}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Back to insights
          </Link>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={onSearch} className="flex min-w-[min(100%,15rem)] flex-1 items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-search`} className={labelClass}>
              Search by name or e-mail
            </label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className={fieldClass}
            />
          </div>
          <Button type="submit" variant="outline" aria-label="Search">
            <Search aria-hidden="true" />
            <span className="max-sm:sr-only">Search</span>
          </Button>
        </form>
        <div className="min-w-0">
          <label htmlFor={`${id}-role`} className={labelClass}>
            Role
          </label>
          <select
            id={`${id}-role`}
            value={state.role}
            onChange={(e) => update({ role: e.target.value })}
            className={fieldClass}
          >
            <option value="">All roles</option>
            {(roles.data?.roles ?? []).map((r) => (
              <option key={r.key} value={r.key}>
                {r.displayName}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-department`} className={labelClass}>
            Department
          </label>
          <select
            id={`${id}-department`}
            value={state.department}
            onChange={(e) => update({ department: e.target.value })}
            className={fieldClass}
          >
            <option value="">All departments</option>
            {(roles.data?.departments ?? []).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-complete`} className={labelClass}>
            Onboarding
          </label>
          <select
            id={`${id}-complete`}
            value={state.complete}
            onChange={(e) => update({ complete: e.target.value as MembersTableState['complete'] })}
            className={fieldClass}
          >
            <option value="">Everyone</option>
            <option value="true">Complete</option>
            <option value="false">Not complete</option>
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-overdue`} className={labelClass}>
            Due dates
          </label>
          <select
            id={`${id}-overdue`}
            value={state.overdue}
            onChange={(e) => update({ overdue: e.target.value as MembersTableState['overdue'] })}
            className={fieldClass}
          >
            <option value="">Everyone</option>
            <option value="true">With overdue steps</option>
            <option value="false">Nothing overdue</option>
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-stalled`} className={labelClass}>
            Activity
          </label>
          <select
            id={`${id}-stalled`}
            value={state.stalled}
            onChange={(e) => update({ stalled: e.target.value as MembersTableState['stalled'] })}
            className={fieldClass}
          >
            <option value="">Everyone</option>
            <option value="true">Stalled</option>
            <option value="false">Not stalled</option>
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-left`} className={labelClass}>
            Who left
          </label>
          <select
            id={`${id}-left`}
            value={state.left}
            onChange={(e) => update({ left: e.target.value as MembersTableState['left'] })}
            className={fieldClass}
          >
            <option value="">Hide who left</option>
            <option value="all">Show who left</option>
            <option value="only">Only who left</option>
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-start-from`} className={labelClass}>
            Started from
          </label>
          <DateField
            key={`from-${state.startFrom === '' ? 'none' : 'set'}`}
            id={`${id}-start-from`}
            value={state.startFrom}
            onChange={(day) => update({ startFrom: day })}
            className={fieldClass}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-start-to`} className={labelClass}>
            Started until
          </label>
          <DateField
            key={`to-${state.startTo === '' ? 'none' : 'set'}`}
            id={`${id}-start-to`}
            value={state.startTo}
            onChange={(day) => update({ startTo: day })}
            className={fieldClass}
          />
        </div>
        <Button asChild variant="outline">
          <a href={`${apiPaths.adminMembersCsv}?${membersApiQuery(state, false).toString()}`} download>
            <Download aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </div>

      {members.isPending ? (
        <div role="status" aria-live="polite" className="space-y-2">
          <span className="sr-only">Loading members…</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 rounded-lg" />
          ))}
        </div>
      ) : members.isError ? (
        <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{members.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </div>
      ) : members.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No members match these filters.
        </p>
      ) : (
        <div aria-busy={members.isFetching} className="space-y-3">
          <MembersTable members={members.data.items} sort={state.sort} dir={state.dir} onSort={onSort} />
          <p className="text-sm text-slate-600">
            {stalledMeaning(members.data.stalledAfterDays)} ‘No onboarding’ marks someone who signed in with an admin
            role to look around.
          </p>
          <Pagination
            noun="members"
            page={state.page}
            pageSize={MEMBERS_PAGE_SIZE}
            total={members.data.total}
            onPageChange={(page) => update({ page })}
          />
        </div>
      )}
    </div>
  );
}
