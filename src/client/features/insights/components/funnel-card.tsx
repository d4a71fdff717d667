import { type Funnel, funnelCalloutText } from '@shared/insights-api';
import { stalledMeaning } from '@shared/stalled';
import type { UseQueryResult } from '@tanstack/react-query';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { useId } from 'react';
import { apiPaths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { fieldClass } from '@/features/admin';
import { useInsight } from '../api/get-insight';
import { days, insightsParams, type InsightsFilters, membersHref, plural } from '../utils/insights-query';
import { ChartCard, NumberLink, tableClass } from './chart-card';
import { HBarChart } from './hbar-chart';
import { Legend, dash, percentOf } from './insight-bits';

/** A funnel step's completed bar as shown, e.g. '1 completed (14%)'; its link's name holds it (WCAG 2.5.3). */
const completedText = (s: Funnel['steps'][number]) =>
  `${s.completed.toLocaleString('en-GB')} completed (${percentOf(s.completed, s.eligible)}%)`;

/** A funnel step's 'on it now' bar as shown, e.g. '3 on it now, median wait 15 days'. */
const currentText = (s: Funnel['steps'][number]) =>
  `${s.current.toLocaleString('en-GB')} on it now${s.medianWaitDays === null ? '' : `, median wait ${days(s.medianWaitDays)}`}`;

/** The funnel card: how many members reached each step, per role or all roles (docs/product.md#admin-area). */

/** The funnel's own choice when the page shows every role: '' = the role with the most members, 'all' = per role. */
export type FunnelView = string;

/**
 * Funnel (docs/product.md#admin-area): one role's steps with who completed each and who is on it now, and the step
 * where people stop, in words. With the page's role filter on "All roles" it opens on the role with the most members;
 * its own list picks another role, or "All roles", which shows each role's completion instead (the roles' steps
 * differ, so one funnel of them all would mean nothing).
 * @param filters the page's filters
 * @param view the funnel's own choice (see {@link FunnelView}); used only when the page shows every role
 * @param onViewChange called with the new choice
 */
export function FunnelCard({
  filters,
  view,
  onViewChange,
}: {
  filters: InsightsFilters;
  view: FunnelView;
  onViewChange: (view: FunnelView) => void;
}) {
  const id = useId();
  const perRole = filters.role === '' && view === 'all';
  const chosenRole = filters.role !== '' ? filters.role : view === 'all' ? '' : view;
  const query = insightsParams({ ...filters, role: chosenRole });
  const funnel = useInsight('funnel', query);
  // The members behind a bar: the page's filters and the funnel's role.
  const roleFilters = (f: { role: string | null }): InsightsFilters => ({ ...filters, role: f.role ?? '' });
  if (perRole)
    return (
      <RoleCompletionCard
        filters={filters}
        funnel={funnel}
        csvHref={apiPaths.adminInsight('funnel', query, true)}
        onViewChange={onViewChange}
      />
    );
  return (
    <ChartCard
      title="Funnel"
      description={`One role's steps in order: how many completed each, and how many are on it now (their first step not done).`}
      query={funnel}
      csvHref={apiPaths.adminInsight('funnel', query, true)}
      isEmpty={(f) => f.members === 0}
      empty="No members match these filters yet."
      summary={(f) => (
        <div className="space-y-3">
          {filters.role === '' && <FunnelRolePicker id={id} funnel={f} value={view} onChange={onViewChange} />}
          <p>
            {filters.role === '' && view === '' && f.roleLabel !== null && <>{f.roleLabel} has the most members. </>}
            {plural(f.members, 'member')}, of whom {plural(f.complete, 'has', 'have')} completed every step (
            {percentOf(f.complete, f.members)}%).
          </p>
          <p
            data-testid="funnel-callout"
            className="flex flex-wrap items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-950"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-800" />
            {/* Beside its icon, or under it where that leaves too little room (a phone with large text). */}
            <span className="min-w-[min(12rem,100%)] flex-1">
              {funnelCalloutText(f.calledOut, f.stalledAfterDays)}
              {f.calledOut !== null && (
                <>
                  {' '}
                  <NumberLink
                    href={membersHref(roleFilters(f), { currentStep: f.calledOut.title })}
                    label={`See who is on '${f.calledOut.title}' now: ${plural(f.calledOut.current, 'member')}`}
                  >
                    See who
                  </NumberLink>
                </>
              )}
            </span>
          </p>
          <p data-testid="stalled-meaning" className="text-sm text-slate-700">
            {stalledMeaning(f.stalledAfterDays)}{' '}
            {f.stalled === 0 ? (
              'Nobody here is stalled now.'
            ) : (
              <>
                {`${plural(f.stalled, 'member is', 'members are')} stalled now.`}{' '}
                <NumberLink
                  href={membersHref(roleFilters(f), { stalled: 'true' })}
                  label="See who is stalled in the members table"
                >
                  See who is stalled
                </NumberLink>
              </>
            )}
          </p>
        </div>
      )}
      chart={(f) => (
        <>
          <Legend
            items={[
              ['primary', 'Completed the step'],
              ['secondary', 'On the step now'],
            ]}
          />
          <HBarChart
            title={`Funnel of ${f.roleLabel ?? 'the role'}: members per step`}
            max={Math.max(...f.steps.map((s) => s.eligible))}
            rows={f.steps.map((s) => ({
              key: s.stepId,
              label: s.title,
              ...(f.calledOut?.stepId === s.stepId ? { tag: 'Most stop here' } : {}),
              bars: [
                {
                  key: 'completed',
                  value: s.completed,
                  text: completedText(s),
                  label: `${s.title}: ${completedText(s)} of ${plural(s.eligible, 'member')}. Open the list.`,
                  href: membersHref(roleFilters(f), { completedStep: s.stepId }),
                },
                {
                  key: 'current',
                  value: s.current,
                  tone: 'secondary' as const,
                  text: currentText(s),
                  label: `${s.title}: ${currentText(s)}. Open the list.`,
                  href: membersHref(roleFilters(f), { currentStep: s.title }),
                },
              ],
            }))}
          />
        </>
      )}
      table={(f) => (
        <table className={tableClass} data-testid="funnel-table">
          <caption className="sr-only">{`Funnel of ${f.roleLabel ?? 'the role'}: members per step`}</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Have the step</th>
              <th scope="col">Completed</th>
              <th scope="col">On it now</th>
              <th scope="col">{`Stalled (waiting ${f.stalledAfterDays}+ days)`}</th>
              <th scope="col">Median wait</th>
            </tr>
          </thead>
          <tbody>
            {f.steps.map((s) => (
              <tr key={s.stepId}>
                <th scope="row" className="font-medium text-slate-900">
                  {s.title}
                  {f.calledOut?.stepId === s.stepId && (
                    <span className="ml-2 text-xs font-bold text-amber-800">Most stop here</span>
                  )}
                </th>
                <td className="tabular-nums">{s.eligible}</td>
                <td>
                  <NumberLink
                    href={membersHref(roleFilters(f), { completedStep: s.stepId })}
                    label={`${s.completed} completed ${s.title}: open the list`}
                  >
                    {s.completed}
                  </NumberLink>
                </td>
                <td>
                  <NumberLink
                    href={membersHref(roleFilters(f), { currentStep: s.title })}
                    label={`${s.current} on ${s.title} now: open the list`}
                  >
                    {s.current}
                  </NumberLink>
                </td>
                <td className="tabular-nums">{s.stalled}</td>
                <td className="tabular-nums">{s.medianWaitDays === null ? dash : days(s.medianWaitDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/**
 * The funnel's list of roles: each role with its members (most first), and "All roles", which shows each role's
 * completion instead of a funnel.
 */
function FunnelRolePicker({
  id,
  funnel,
  value,
  onChange,
}: {
  id: string;
  funnel: Funnel;
  value: FunnelView;
  onChange: (view: FunnelView) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-funnel-role`} className="font-semibold text-slate-900">
        Funnel of
      </label>
      <select
        id={`${id}-funnel-role`}
        value={value === '' ? (funnel.role ?? '') : value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(fieldClass, 'w-auto max-w-full')}
      >
        {funnel.roles.map((r) => (
          <option key={r.role} value={r.role}>
            {`${r.roleLabel} (${plural(r.members, 'member')})`}
          </option>
        ))}
        <option value="all">All roles: completion per role</option>
      </select>
    </div>
  );
}

/** The funnel card's "All roles" view: each role's members and how many completed every step. */
function RoleCompletionCard({
  filters,
  funnel,
  csvHref,
  onViewChange,
}: {
  filters: InsightsFilters;
  funnel: UseQueryResult<Funnel>;
  csvHref: string;
  onViewChange: (view: FunnelView) => void;
}) {
  const id = useId();
  const completeHref = (role: string) => membersHref({ ...filters, role }, { completeDaysMin: 0 });
  return (
    <ChartCard
      title="Funnel"
      description="Each role has its own steps, so each role's completion is shown instead of one funnel."
      query={funnel}
      csvHref={csvHref}
      isEmpty={(f) => f.roles.length === 0}
      empty="No members match these filters yet."
      summary={(f) => (
        <div className="space-y-3">
          <FunnelRolePicker id={id} funnel={f} value="all" onChange={onViewChange} />
          <p>
            {plural(
              f.roles.reduce((sum, r) => sum + r.members, 0),
              'member',
            )}{' '}
            in {plural(f.roles.length, 'role')}. Choose a role above to see its steps.
          </p>
        </div>
      )}
      chart={(f) => (
        <HBarChart
          title="Completion per role"
          max={Math.max(...f.roles.map((r) => r.members))}
          rows={f.roles.map((r) => ({
            key: r.role,
            label: `${r.roleLabel} (${plural(r.members, 'member')})`,
            bars: [
              {
                key: 'complete',
                value: r.complete,
                text: `${r.complete.toLocaleString('en-GB')} completed every step (${percentOf(r.complete, r.members)}%)`,
                label: `${r.roleLabel}: ${r.complete.toLocaleString('en-GB')} completed every step (${percentOf(r.complete, r.members)}%) of ${plural(r.members, 'member')}. Open the list.`,
                href: completeHref(r.role),
              },
            ],
          }))}
        />
      )}
      table={(f) => (
        <table className={tableClass} data-testid="role-completion-table">
          <caption className="sr-only">Completion per role</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Members</th>
              <th scope="col">Completed every step</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {f.roles.map((r) => (
              <tr key={r.role}>
                <th scope="row" className="font-medium text-slate-900">
                  {r.roleLabel}
                </th>
                <td className="tabular-nums">{r.members}</td>
                <td>
                  <NumberLink
                    href={completeHref(r.role)}
                    label={`${r.complete} ${r.roleLabel} members completed every step: open the list`}
                  >
                    {r.complete}
                  </NumberLink>
                </td>
                <td className="tabular-nums">{percentOf(r.complete, r.members)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
