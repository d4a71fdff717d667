import type { MemberOverview, MemberSortColumn } from '@shared/admin-api';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { revealFocused } from '@/components/ui/scroll-region';
import { paths } from '@/config/paths';
import { formatDateTime, formatDay } from '../utils/format';

/** A column of the table: one or two things, each sortable (the second shown on a second line of each row). */
interface Column {
  sorts: { key: MemberSortColumn; label: string }[];
  className?: string;
}

const COLUMNS: Column[] = [
  {
    sorts: [
      { key: 'name', label: 'Name' },
      { key: 'email', label: 'E-mail' },
    ],
  },
  {
    sorts: [
      { key: 'role', label: 'Role' },
      { key: 'department', label: 'Department' },
    ],
  },
  {
    sorts: [
      { key: 'percent', label: 'Complete' },
      { key: 'currentStep', label: 'Current step' },
    ],
  },
  {
    sorts: [
      { key: 'lastSignIn', label: 'Signed in last' },
      { key: 'lastProgress', label: 'Last progress' },
    ],
  },
  { sorts: [{ key: 'startOn', label: 'Start date' }] },
  { sorts: [{ key: 'overdue', label: 'Overdue' }], className: 'text-right' },
];

const SORT_LABEL = new Map(COLUMNS.flatMap((c) => c.sorts.map((s) => [s.key, s.label] as const)));

interface MembersTableProps {
  members: MemberOverview[];
  sort: MemberSortColumn;
  dir: 'asc' | 'desc';
  /** A click on a column header: sort by it (a second click reverses the order). */
  onSort: (column: MemberSortColumn) => void;
}

/**
 * The members table (docs/product.md#admin-area): one row per member, sortable by every column. Six columns, each with
 * a second line (the address under the name, the department under the role, the current step under the percentage,
 * the last progress under the last sign-in), so that it fits 1024 px without scrolling sideways. The headers are
 * buttons inside `<th aria-sort>`, so screen readers announce the order; the name links to the member's page. Scrolls
 * sideways only on screens narrower than that.
 */
export function MembersTable({ members, sort, dir, onSort }: MembersTableProps) {
  return (
    // Its links and header buttons are focusable, so the box is no tab stop of its own (unlike ScrollRegion); what the
    // keyboard reaches is brought wholly into view.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200" onFocus={revealFocused}>
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">
          Members, sorted by {SORT_LABEL.get(sort)} ({dir === 'asc' ? 'ascending' : 'descending'})
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map((column) => {
              const active = column.sorts.find((s) => s.key === sort);
              return (
                <th
                  key={column.sorts[0]?.key}
                  scope="col"
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={`px-3 py-2 align-bottom font-semibold ${column.className ?? ''}`}
                >
                  {column.sorts.map((s, i) => {
                    const on = s.key === sort;
                    const Icon = !on ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
                    return (
                      <button
                        key={s.key}
                        type="button"
                        onClick={() => onSort(s.key)}
                        className={`flex min-h-6 items-center gap-1 rounded text-left [overflow-wrap:break-word] hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700 ${i > 0 ? 'text-xs font-normal' : ''} ${column.className === 'text-right' ? 'ml-auto' : ''}`}
                      >
                        {s.label}
                        <Icon aria-hidden="true" className={`size-3.5 shrink-0 ${on ? '' : 'text-slate-400'}`} />
                      </button>
                    );
                  })}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.email} className="border-t border-slate-200 align-top hover:bg-slate-50">
              <td className="px-3 py-2">
                <Link
                  to={paths.adminMember.getHref(m.email)}
                  className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  {m.name === '' ? m.email : m.name}
                </Link>
                {m.name === '' ? null : <span className="block text-xs break-all text-slate-600">{m.email}</span>}
                {m.isAdmin || m.invited || m.leftOn !== null || !m.onboarding ? (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {m.isAdmin ? <Badge variant="default">Admin</Badge> : null}
                    {m.invited ? <Badge variant="warning">Invited</Badge> : null}
                    {m.onboarding ? null : <Badge variant="secondary">No onboarding</Badge>}
                    {m.leftOn !== null ? <Badge variant="secondary">Left {formatDay(m.leftOn)}</Badge> : null}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                {m.roleLabel}
                <span className="block text-xs text-slate-600">{m.department}</span>
              </td>
              <td className="px-3 py-2">
                <span className="tabular-nums">{m.percent}%</span>
                <span className="sr-only">
                  {' '}
                  ({m.completedSteps} of {m.totalSteps} steps)
                </span>
                <span className="block text-xs text-slate-600">
                  {m.currentStepTitle ?? (m.totalSteps > 0 ? 'All done' : '—')}
                </span>
              </td>
              <td className="px-3 py-2">
                <span className="whitespace-nowrap">{formatDateTime(m.lastSignInAt)}</span>
                <span className="block text-xs text-slate-600">
                  <span className="sr-only">Last progress: </span>
                  <span className="whitespace-nowrap">{formatDateTime(m.lastProgressAt)}</span>
                  {m.stalled ? (
                    <Badge variant="warning" className="ml-1">
                      Stalled
                    </Badge>
                  ) : null}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{m.startOn === null ? '—' : formatDay(m.startOn)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {m.overdueSteps === 0 ? (
                  <>
                    0<span className="sr-only"> steps overdue</span>
                  </>
                ) : (
                  <span className="font-semibold text-red-800">
                    {m.overdueSteps}
                    <span className="sr-only"> {m.overdueSteps === 1 ? 'step' : 'steps'} overdue</span>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
