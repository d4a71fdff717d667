import { apiPaths } from '@/config/paths';
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
import { Legend, SHORT_BUCKET_LABELS, dash } from './insight-bits';

/** Time to complete, cohorts and activity (docs/product.md#admin-area). */

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
                    ? `${formatMonth(m.month, true)}, ${w.days} days: not ${w.days} days old yet.`
                    : `${formatMonth(m.month, true)}, complete within ${w.days} days: ${w.percent}% (${w.complete} of ${w.eligible}). Open the list.`,
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
                        label={`Within ${w.days} days: ${w.percent}% (${w.complete} of ${w.eligible}) complete. Open the list.`}
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
