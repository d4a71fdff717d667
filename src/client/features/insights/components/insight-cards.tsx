import {
  type Funnel,
  type QuizInsight,
  STALLED_AFTER_DAYS,
  type TeamTasksInsight,
  funnelCalloutText,
} from '@shared/insights-api';
import type { UseQueryResult } from '@tanstack/react-query';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { useId } from 'react';
import { apiPaths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { fieldClass } from '@/features/admin';
import { useInsight } from '../api/get-insight';
import {
  days,
  formatDay,
  formatMonth,
  insightsParams,
  type InsightsFilters,
  membersHref,
  plural,
} from '../utils/insights-query';
import { ChartCard, NumberLink, tableClass } from './chart-card';
import { ColumnChart } from './column-chart';
import { HBarChart } from './hbar-chart';

/** The distribution's labels on a phone. */
const SHORT_BUCKET_LABELS: Record<string, string> = {
  'Under 1 week': '< 1 wk',
  '1–2 weeks': '1–2 wk',
  '2–4 weeks': '2–4 wk',
  '1–2 months': '1–2 mo',
  '2–3 months': '2–3 mo',
  '3 months or more': '3+ mo',
};

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 100) / whole));
const dash = <span aria-label="no figure">—</span>;

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
            className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-950"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-800" />
            <span>
              {funnelCalloutText(f.calledOut)}
              {f.calledOut !== null && (
                <>
                  {' '}
                  <NumberLink
                    href={membersHref(roleFilters(f), { currentStep: f.calledOut.title })}
                    label={`See the ${plural(f.calledOut.current, 'member')} on '${f.calledOut.title}'`}
                  >
                    See who
                  </NumberLink>
                </>
              )}
            </span>
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
                  text: `${s.completed.toLocaleString('en-GB')} completed (${percentOf(s.completed, s.eligible)}%)`,
                  label: `${s.title}: ${s.completed} of ${s.eligible} members completed it. Open the list.`,
                  href: membersHref(roleFilters(f), { completedStep: s.stepId }),
                },
                {
                  key: 'current',
                  value: s.current,
                  tone: 'secondary' as const,
                  text: `${s.current.toLocaleString('en-GB')} on it now${s.medianWaitDays === null ? '' : `, median wait ${days(s.medianWaitDays)}`}`,
                  label: `${s.title}: ${plural(s.current, 'member')} on it now${s.medianWaitDays === null ? '' : `, waiting a median of ${days(s.medianWaitDays)}`}. Open the list.`,
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
              <th scope="col">{`Waiting ${STALLED_AFTER_DAYS}+ days`}</th>
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
        className={cn(fieldClass, 'w-auto')}
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
                label: `${r.roleLabel}: ${r.complete} of ${plural(r.members, 'member')} completed every step. Open the list.`,
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

/** Time to complete: the distribution of days from start to 100 %, median and 90th percentile, per role. */
export function TimeToCompleteCard({ filters }: { filters: InsightsFilters }) {
  const query = insightsParams(filters);
  const time = useInsight('time-to-complete', query);
  const bucketHref = (b: { min: number; max: number | null }) =>
    membersHref(
      filters,
      b.max === null ? { completeDaysMin: b.min } : { completeDaysMin: b.min, completeDaysMax: b.max },
    );
  return (
    <ChartCard
      title="Time to complete"
      description="Days from a member's start (their first sign-in) to completing every step."
      query={time}
      csvHref={apiPaths.adminInsight('time-to-complete', query, true)}
      isEmpty={(t) => t.complete === 0}
      empty="Nobody matching these filters has completed every step yet."
      summary={(t) => (
        <div className="space-y-2">
          <p>
            {plural(t.complete, 'member')} completed onboarding. Half took {days(t.medianDays ?? 0)} or less (the
            median); 9 in 10 took {days(t.p90Days ?? 0)} or less.
          </p>
          {t.roles.length > 1 && (
            <ul className="flex flex-wrap gap-2" aria-label="Per role">
              {t.roles.map((r) => (
                <li
                  key={r.role}
                  className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-xs text-slate-800"
                >
                  <span className="font-semibold">{r.roleLabel}</span>: median {days(r.medianDays)}, 9 in 10 within{' '}
                  {days(r.p90Days)} ({plural(r.complete, 'member')})
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      chart={(t) => (
        <ColumnChart
          title="Time to complete: members by days taken"
          valueName="members"
          columns={t.buckets.map((b) => ({
            key: b.label,
            value: b.members,
            tick: b.label,
            shortTick: SHORT_BUCKET_LABELS[b.label] ?? b.label,
            label: `${b.label}: ${plural(b.members, 'member')} completed in ${b.max === null ? `${b.min} days or more` : `${b.min} to ${b.max} days`}. Open the list.`,
            href: bucketHref(b),
          }))}
        />
      )}
      table={(t) => (
        <div className="space-y-4">
          <table className={tableClass} data-testid="time-table">
            <caption className="sr-only">Members by days taken to complete</caption>
            <thead>
              <tr>
                <th scope="col">Days taken</th>
                <th scope="col">Members</th>
              </tr>
            </thead>
            <tbody>
              {t.buckets.map((b) => (
                <tr key={b.label}>
                  <th scope="row" className="font-medium">
                    {b.label} ({b.max === null ? `${b.min}+` : `${b.min}–${b.max}`} days)
                  </th>
                  <td>
                    <NumberLink href={bucketHref(b)} label={`${b.members} members, ${b.label}: open the list`}>
                      {b.members}
                    </NumberLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={tableClass}>
            <caption className="sr-only">Time to complete per role</caption>
            <thead>
              <tr>
                <th scope="col">Role</th>
                <th scope="col">Completed</th>
                <th scope="col">Median</th>
                <th scope="col">90th percentile</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">All roles shown</th>
                <td className="tabular-nums">{t.complete}</td>
                <td className="tabular-nums">{t.medianDays === null ? dash : days(t.medianDays)}</td>
                <td className="tabular-nums">{t.p90Days === null ? dash : days(t.p90Days)}</td>
              </tr>
              {t.roles.map((r) => (
                <tr key={r.role}>
                  <th scope="row" className="font-medium">
                    {r.roleLabel}
                  </th>
                  <td>
                    <NumberLink
                      href={membersHref({ ...filters, role: r.role }, { complete: 'true' })}
                      label={`${r.complete} ${r.roleLabel} members complete: open the list`}
                    >
                      {r.complete}
                    </NumberLink>
                  </td>
                  <td className="tabular-nums">{days(r.medianDays)}</td>
                  <td className="tabular-nums">{days(r.p90Days)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    />
  );
}

/** Cohorts: members by start month, the share complete within 7, 14 and 30 days. */
export function CohortsCard({ filters }: { filters: InsightsFilters }) {
  const query = insightsParams(filters);
  const cohorts = useInsight('cohorts', query);
  const withinHref = (month: string, d: number) =>
    membersHref({ ...filters, started: month }, { completeDaysMax: d - 1 });
  return (
    <ChartCard
      title="Cohorts by start month"
      description="Members grouped by the month they started: the share complete within 7, 14 and 30 days of starting, of those who started at least that long ago."
      query={cohorts}
      csvHref={apiPaths.adminInsight('cohorts', query, true)}
      isEmpty={(c) => c.months.length === 0}
      empty="No members match these filters yet."
      summary={(c) => {
        const measured = c.months.filter((m) => m.within[2]?.percent !== null && m.within[2]?.percent !== undefined);
        const latest = measured.at(-1);
        return (
          <p>
            {plural(c.months.length, 'start month')} with members.{' '}
            {latest === undefined
              ? 'No month is 30 days old yet.'
              : `Of those who started in ${formatMonth(latest.month, true)}, ${latest.within[2]?.percent ?? 0}% were complete within 30 days.`}
          </p>
        );
      }}
      chart={(c) => (
        <>
          <Legend
            items={[
              ['tertiary', 'Within 7 days'],
              ['secondary', 'Within 14 days'],
              ['primary', 'Within 30 days'],
            ]}
          />
          <HBarChart
            title="Cohorts: share complete by start month"
            max={100}
            rows={c.months.map((m) => ({
              key: m.month,
              label: `${formatMonth(m.month)} · ${plural(m.members, 'member')}`,
              bars: m.within.map((w, i) => ({
                key: String(w.days),
                value: w.percent ?? 0,
                tone: (['tertiary', 'secondary', 'primary'] as const)[i] ?? 'primary',
                text:
                  w.percent === null
                    ? `${w.days} days: not ${w.days} days old yet`
                    : `${w.days} days: ${w.percent}% (${w.complete} of ${w.eligible})`,
                label:
                  w.percent === null
                    ? `${formatMonth(m.month, true)}: nobody started ${w.days} days ago yet.`
                    : `${formatMonth(m.month, true)}: ${w.percent}% complete within ${w.days} days, ${w.complete} of ${w.eligible}. Open the list.`,
                href: withinHref(m.month, w.days),
              })),
            }))}
          />
        </>
      )}
      table={(c) => (
        <table className={tableClass} data-testid="cohorts-table">
          <caption className="sr-only">Share complete by start month</caption>
          <thead>
            <tr>
              <th scope="col">Start month</th>
              <th scope="col">Members</th>
              {c.months[0]?.within.map((w) => (
                <th key={w.days} scope="col">
                  Within {w.days} days
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="font-medium">
                  {formatMonth(m.month, true)}
                </th>
                <td>
                  <NumberLink
                    href={membersHref({ ...filters, started: m.month }, {})}
                    label={`${m.members} started in ${formatMonth(m.month, true)}: open the list`}
                  >
                    {m.members}
                  </NumberLink>
                </td>
                {m.within.map((w) => (
                  <td key={w.days} className="tabular-nums">
                    {w.percent === null ? (
                      dash
                    ) : (
                      <NumberLink
                        href={withinHref(m.month, w.days)}
                        label={`${w.complete} of ${w.eligible} complete within ${w.days} days: open the list`}
                      >
                        {`${w.percent}% (${w.complete} of ${w.eligible})`}
                      </NumberLink>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/** Activity: steps completed per week over the last 26 weeks. */
export function ActivityCard({ filters }: { filters: InsightsFilters }) {
  const query = insightsParams(filters);
  const activity = useInsight('activity', query);
  return (
    <ChartCard
      title="Activity"
      description="Steps completed per week (Monday to Sunday) over the last 6 months."
      query={activity}
      csvHref={apiPaths.adminInsight('activity', query, true)}
      isEmpty={(a) => a.total === 0}
      empty="No steps were completed in the last 6 months by members matching these filters."
      summary={(a) => {
        const busiest = a.weeks.reduce((best, w) => (w.steps > best.steps ? w : best));
        const current = a.weeks.at(-1);
        return (
          <p>
            {plural(a.total, 'step')} completed in the last 6 months. The busiest week began{' '}
            {formatDay(busiest.week, true)} with {plural(busiest.steps, 'step')}; this week so far:{' '}
            {plural(current?.steps ?? 0, 'step')}.
          </p>
        );
      }}
      chart={(a) => (
        <ColumnChart
          title="Activity: steps completed per week"
          valueName="steps"
          columns={a.weeks.map((w, i) => ({
            key: w.week,
            value: w.steps,
            tick: i % 4 === 0 ? formatDay(w.week) : '',
            label: `Week of ${formatDay(w.week, true)}: ${plural(w.steps, 'step')} completed by ${plural(w.members, 'member')}. Open the list.`,
            href: membersHref(filters, { activeWeek: w.week }),
          }))}
        />
      )}
      table={(a) => (
        <table className={tableClass} data-testid="activity-table">
          <caption className="sr-only">Steps completed per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Steps completed</th>
              <th scope="col">Members</th>
            </tr>
          </thead>
          <tbody>
            {a.weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row" className="font-medium">
                  {formatDay(w.week, true)}
                </th>
                <td className="tabular-nums">{w.steps}</td>
                <td>
                  <NumberLink
                    href={membersHref(filters, { activeWeek: w.week })}
                    label={`${w.members} members active in the week of ${formatDay(w.week, true)}: open the list`}
                  >
                    {w.members}
                  </NumberLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/** A quiz's figures in words: '3 of 4 members passed (75%), in 6 tries; those who passed needed 1.7 tries on average.' */
export function quizFiguresText(q: QuizInsight): string {
  if (q.members === 0) return 'Nobody has taken it yet.';
  const passed = `${q.passed} of ${plural(q.members, 'member')} passed (${q.passRate ?? 0}%), in ${plural(q.tries, 'try', 'tries')}`;
  return q.triesToPass === null
    ? `${passed}; nobody has passed yet.`
    : `${passed}; those who passed needed ${q.triesToPass.toLocaleString('en-GB')} ${q.triesToPass === 1 ? 'try' : 'tries'} on average.`;
}

/**
 * Quizzes (docs/product.md#quiz-steps): for each quiz step of the roles shown, the pass rate and tries of the members
 * matching the filters, and the questions they most often answered wrong (a question to explain better, or to word
 * again). The bars stand for the pass rate, which the text beside them also says.
 * @param filters the page's filters
 */
export function QuizzesCard({ filters }: { filters: InsightsFilters }) {
  const query = insightsParams(filters);
  const quizzes = useInsight('quizzes', query);
  return (
    <ChartCard
      title="Quizzes"
      description="How many passed each quiz, how many tries it took, and the questions most often answered wrong."
      query={quizzes}
      csvHref={apiPaths.adminInsight('quizzes', query, true)}
      isEmpty={(q) => q.quizzes.every((z) => z.members === 0)}
      empty="Nobody matching these filters has taken a quiz yet."
      summary={(q) => {
        const hardest = q.quizzes
          .flatMap((z) => z.mostMissed.map((m) => ({ ...m, quiz: z.title })))
          .reduce<(QuizInsight['mostMissed'][number] & { quiz: string }) | null>(
            (best, m) => (best === null || m.percent > best.percent ? m : best),
            null,
          );
        return (
          <p>
            {hardest === null
              ? 'Nobody has answered a question wrong yet.'
              : `The question most often answered wrong: '${hardest.text}' (${hardest.quiz}), in ${hardest.percent}% of tries.`}
          </p>
        );
      }}
      chart={(q) => (
        <ul className="space-y-5" aria-label="Quizzes">
          {q.quizzes.map((z) => (
            <li key={z.stepId} className="space-y-2">
              <h4 className="text-sm font-semibold text-slate-900">{z.title}</h4>
              <div aria-hidden="true" className="h-3.5 w-full overflow-hidden rounded-sm bg-slate-200">
                <div className="h-full bg-brand-700" style={{ width: `${z.passRate ?? 0}%` }} />
              </div>
              <p className="text-sm text-slate-800">{quizFiguresText(z)}</p>
              {z.mostMissed.length > 0 && (
                <div className="text-sm">
                  <p className="font-medium text-slate-800">Most often answered wrong:</p>
                  <ol className="list-decimal space-y-0.5 pl-5 text-slate-700">
                    {z.mostMissed.map((m) => (
                      <li key={m.questionId}>
                        {m.text} ({plural(m.wrong, 'try', 'tries')}, {m.percent}% of tries)
                      </li>
                    ))}
                  </ol>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      table={(q) => (
        <table className={tableClass} data-testid="quizzes-table">
          <caption className="sr-only">Quizzes: pass rate, tries and the questions most often answered wrong</caption>
          <thead>
            <tr>
              <th scope="col">Quiz</th>
              <th scope="col">Members who tried</th>
              <th scope="col">Passed</th>
              <th scope="col">Pass rate</th>
              <th scope="col">Tries</th>
              <th scope="col">Tries to pass (mean)</th>
              <th scope="col">Most often answered wrong</th>
            </tr>
          </thead>
          <tbody>
            {q.quizzes.map((z) => (
              <tr key={z.stepId}>
                <th scope="row" className="font-medium">
                  {z.title}
                </th>
                <td className="tabular-nums">{z.members}</td>
                <td className="tabular-nums">{z.passed}</td>
                <td className="tabular-nums">{z.passRate === null ? dash : `${z.passRate}%`}</td>
                <td className="tabular-nums">{z.tries}</td>
                <td className="tabular-nums">{z.triesToPass === null ? dash : z.triesToPass}</td>
                <td>
                  {z.mostMissed.length === 0 ? dash : z.mostMissed.map((m) => `${m.text} (${m.percent}%)`).join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/**
 * The team tasks' figures in words (docs/product.md#team-tasks): '5 team tasks are open, 3 of them overdue. 2 of 4
 * newcomers have all their team tasks done, a median of 6.5 days after their start date.'
 */
export function teamTasksSummaryText(t: TeamTasksInsight): string {
  const open =
    t.open === 0
      ? 'No team task is open.'
      : `${plural(t.open, 'team task')} ${t.open === 1 ? 'is' : 'are'} open, ${t.overdue} of them overdue.`;
  const done =
    t.medianDaysToAllDone === null
      ? `No newcomer has all their team tasks done yet (${plural(t.newcomers, 'newcomer')} with team tasks).`
      : `${t.allDone} of ${plural(t.newcomers, 'newcomer')} have all their team tasks done, a median of ${plural(t.medianDaysToAllDone, 'day')} after their start date.`;
  return `${open} ${done}`;
}

/**
 * Team tasks (docs/product.md#team-tasks): open and overdue tasks by the person who does them and by task, and the
 * median days from a newcomer's start date to all their team tasks done. Overdue figures are also said in words.
 * @param filters the page's filters
 */
export function TeamTasksCard({ filters }: { filters: InsightsFilters }) {
  const query = insightsParams(filters);
  const tasks = useInsight('team-tasks', query);
  const row = (name: string, open: number, overdue: number) => (
    <>
      <th scope="row" className="font-medium">
        {name}
      </th>
      <td className="tabular-nums">{open}</td>
      <td className={`tabular-nums ${overdue > 0 ? 'font-semibold text-red-800' : ''}`}>{overdue}</td>
    </>
  );
  return (
    <ChartCard
      title="Team tasks"
      description="Open and overdue tasks of the people around newcomers, and how long newcomers wait for all of them."
      query={tasks}
      csvHref={apiPaths.adminInsight('team-tasks', query, true)}
      isEmpty={(t) => t.newcomers === 0}
      empty="No newcomer matching these filters has team tasks."
      summary={(t) => <p>{teamTasksSummaryText(t)}</p>}
      chart={(t) => (
        <div className="grid gap-4 text-sm md:grid-cols-2">
          <div>
            <h4 className="font-semibold text-slate-900">By person</h4>
            <ul className="space-y-0.5" aria-label="Open team tasks by person">
              {t.byPerson.map((p) => (
                <li key={`${p.kind}:${p.email ?? ''}`}>
                  {p.name}: {p.open} open
                  {p.overdue > 0 ? <span className="font-semibold text-red-800">, {p.overdue} overdue</span> : null}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h4 className="font-semibold text-slate-900">By task</h4>
            <ul className="space-y-0.5" aria-label="Team tasks by task">
              {t.byKind.map((k) => (
                <li key={k.taskId}>
                  {k.title}: {k.open} open
                  {k.overdue > 0 ? (
                    <span className="font-semibold text-red-800">, {k.overdue} overdue</span>
                  ) : null}, {k.done} done
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      table={(t) => (
        <div className="grid gap-4 md:grid-cols-2">
          <table className={tableClass} aria-label="Open team tasks by person">
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Open</th>
                <th scope="col">Overdue</th>
              </tr>
            </thead>
            <tbody>
              {t.byPerson.map((p) => (
                <tr key={`${p.kind}:${p.email ?? ''}`}>{row(p.name, p.open, p.overdue)}</tr>
              ))}
            </tbody>
          </table>
          <table className={tableClass} aria-label="Team tasks by task">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Open</th>
                <th scope="col">Overdue</th>
                <th scope="col">Done</th>
              </tr>
            </thead>
            <tbody>
              {t.byKind.map((k) => (
                <tr key={k.taskId}>
                  {row(k.title, k.open, k.overdue)}
                  <td className="tabular-nums">{k.done}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    />
  );
}

const SWATCH = { primary: 'bg-brand-700', secondary: 'bg-amber-700', tertiary: 'bg-slate-600' } as const;

/** The series of a chart in words, each with its colour (the bars also say which series they are). */
function Legend({ items }: { items: [keyof typeof SWATCH, string][] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
      {items.map(([tone, text]) => (
        <li key={tone} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${SWATCH[tone]}`} />
          {text}
        </li>
      ))}
    </ul>
  );
}
