import type { MemberOverview, MemberSortColumn } from '@shared/admin-api';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { revealFocused } from '@/components/ui/scroll-region';
import { paths } from '@/config/paths';
import { formatDateTime } from '../utils/format';

const leftDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const COLUMNS: { key: MemberSortColumn; label: string; className?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'E-mail' },
  { key: 'role', label: 'Role' },
  { key: 'department', label: 'Department' },
  { key: 'percent', label: 'Complete', className: 'text-right' },
  { key: 'currentStep', label: 'Current step' },
  { key: 'lastSignIn', label: 'Signed in last' },
  { key: 'lastProgress', label: 'Last progress' },
  { key: 'startOn', label: 'Start date' },
  { key: 'overdue', label: 'Overdue', className: 'text-right' },
];

interface MembersTableProps {
  members: MemberOverview[];
  sort: MemberSortColumn;
  dir: 'asc' | 'desc';
  /** A click on a column header: sort by it (a second click reverses the order). */
  onSort: (column: MemberSortColumn) => void;
}

/**
 * The members table (docs/product.md#admin-area): one row per member, sortable by every column. The headers are buttons
 * inside
 * `<th aria-sort>`, so screen readers announce the order; the name links to the member's page. Scrolls sideways on
 * narrow screens.
 */
export function MembersTable({ members, sort, dir, onSort }: MembersTableProps) {
  return (
    // Its links and header buttons are focusable, so the box is no tab stop of its own (unlike ScrollRegion); what the
    // keyboard reaches is brought wholly into view.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200" onFocus={revealFocused}>
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption className="sr-only">
          Members, sorted by {COLUMNS.find((c) => c.key === sort)?.label} ({dir === 'asc' ? 'ascending' : 'descending'})
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map((column) => {
              const active = column.key === sort;
              const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={`px-3 py-2 font-semibold ${column.className ?? ''}`}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.key)}
                    className="inline-flex items-center gap-1 rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    {column.label}
                    <Icon aria-hidden="true" className={`size-3.5 ${active ? '' : 'text-slate-400'}`} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.email} className="border-t border-slate-200 hover:bg-slate-50">
              <td className="px-3 py-2">
                <Link
                  to={paths.adminMember.getHref(m.email)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {m.name === '' ? m.email : m.name}
                </Link>
                <span className="ml-2 inline-flex gap-1">
                  {m.isAdmin ? <Badge variant="default">Admin</Badge> : null}
                  {m.invited ? <Badge variant="warning">Invited</Badge> : null}
                  {m.leftOn !== null ? (
                    <Badge variant="secondary">Left {leftDay.format(new Date(`${m.leftOn}T00:00:00Z`))}</Badge>
                  ) : null}
                </span>
              </td>
              <td className="px-3 py-2 break-all">{m.email}</td>
              <td className="px-3 py-2">{m.roleLabel}</td>
              <td className="px-3 py-2">{m.department}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {m.percent}%
                <span className="sr-only">
                  {' '}
                  ({m.completedSteps} of {m.totalSteps} steps)
                </span>
              </td>
              <td className="px-3 py-2">{m.currentStepTitle ?? (m.totalSteps > 0 ? 'All done' : '—')}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(m.lastSignInAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {formatDateTime(m.lastProgressAt)}
                {m.stalled ? (
                  <Badge variant="warning" className="ml-2">
                    Stalled
                  </Badge>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{m.startOn ?? '—'}</td>
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
