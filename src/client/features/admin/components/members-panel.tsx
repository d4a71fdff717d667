import type { MemberSortColumn } from '@shared/admin-api';
import { stalledMeaning } from '@shared/stalled';
import BarChart3 from 'lucide-react/icons/chart-column';
import Download from 'lucide-react/icons/download';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { QueryView } from '@/components/ui/query-view';
import { apiPaths, paths } from '@/config/paths';
import { useFilterChoices } from '../api/get-admin-roles';
import { useMembers } from '../api/get-members';
import { fieldClass } from '../utils/format';
import {
  describeInsightFilters,
  INSIGHT_FILTERS,
  MEMBERS_PAGE_SIZE,
  type MembersTableState,
  membersApiQuery,
  membersTableParams,
  readMembersTableState,
} from '../utils/members-query';
import { LabelledField, LabelledInput, LabelledSelect, type SelectOption } from './fields';
import { MembersTable } from './members-table';
import { Pagination } from './pagination';
import { DateField } from '@/components/ui/date-field';

/** The members table's filters that are a select: each sets the state's field of its name. */
type SelectFilter = 'role' | 'department' | 'complete' | 'overdue' | 'stalled' | 'left';

/** The choices of a filter that is on or off: everyone (''), those it holds for ('true'), the others ('false'). */
const yesNo = (yes: string, no: string): SelectOption[] => [
  { value: '', label: 'Everyone' },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/** The select filters whose choices are fixed, in the order shown after role and department. */
const FIXED_FILTERS: readonly { key: SelectFilter; label: string; options: readonly SelectOption[] }[] = [
  { key: 'complete', label: 'Onboarding', options: yesNo('Complete', 'Not complete') },
  { key: 'overdue', label: 'Due dates', options: yesNo('With overdue steps', 'Nothing overdue') },
  { key: 'stalled', label: 'Activity', options: yesNo('Stalled', 'Not stalled') },
  {
    key: 'left',
    label: 'Who left',
    options: [
      { value: '', label: 'Hide who left' },
      { value: 'all', label: 'Show who left' },
      { value: 'only', label: 'Only who left' },
    ],
  },
];

/** The start-date filters: from and until. */
const DATE_FILTERS = [
  { key: 'startFrom', label: 'Started from' },
  { key: 'startTo', label: 'Started until' },
] as const;

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
  const choices = useFilterChoices();

  const update = (change: Partial<MembersTableState>) =>
    setParams(membersTableParams({ ...state, page: 1, ...change }, params.get('tab') ?? undefined));
  const onSort = (column: MemberSortColumn) =>
    update({ sort: column, dir: column === state.sort && state.dir === 'asc' ? 'desc' : 'asc' });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: search.trim() });
  };

  const insightFilters = describeInsightFilters(state);
  const filterSelects: readonly { key: SelectFilter; label: string; options: readonly SelectOption[] }[] = [
    { key: 'role', label: 'Role', options: choices.role },
    { key: 'department', label: 'Department', options: choices.department },
    ...FIXED_FILTERS,
  ];

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
          <LabelledInput
            id={`${id}-search`}
            label="Search by name or e-mail"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="outline" aria-label="Search">
            <Search aria-hidden="true" />
            <span className="max-sm:sr-only">Search</span>
          </Button>
        </form>
        {filterSelects.map((filter) => (
          <LabelledSelect
            key={filter.key}
            id={`${id}-${filter.key}`}
            label={filter.label}
            value={state[filter.key]}
            // The select offers only the filter's own values.
            onChange={(value) => update({ [filter.key]: value } as Partial<MembersTableState>)}
            options={filter.options}
            className="min-w-0"
          />
        ))}
        {DATE_FILTERS.map((filter) => (
          <LabelledField key={filter.key} id={`${id}-${filter.key}`} label={filter.label} className="min-w-0">
            <DateField
              key={`${filter.key}-${state[filter.key] === '' ? 'none' : 'set'}`}
              id={`${id}-${filter.key}`}
              value={state[filter.key]}
              onChange={(day) => update({ [filter.key]: day })}
              className={fieldClass}
            />
          </LabelledField>
        ))}
        <Button asChild variant="outline">
          <a href={`${apiPaths.adminMembersCsv}?${membersApiQuery(state, false).toString()}`} download>
            <Download aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </div>

      <QueryView
        query={members}
        loading="Loading members…"
        placeholders={['h-10 rounded-lg', 'h-10 rounded-lg', 'h-10 rounded-lg', 'h-10 rounded-lg']}
        isEmpty={(data) => data.items.length === 0}
        empty="No members match these filters."
        className="space-y-3"
      >
        {(data) => (
          <>
            <MembersTable members={data.items} sort={state.sort} dir={state.dir} onSort={onSort} />
            <p className="text-sm text-slate-600">
              {stalledMeaning(data.stalledAfterDays)} ‘No onboarding’ marks someone who signed in with an admin role to
              look around.
            </p>
            <Pagination
              noun="members"
              page={state.page}
              pageSize={MEMBERS_PAGE_SIZE}
              total={data.total}
              onPageChange={(page) => update({ page })}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}
