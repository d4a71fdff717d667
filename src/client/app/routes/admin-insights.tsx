import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useFilterChoices } from '@/features/admin/api/get-admin-roles';
import { LabelledInput, LabelledSelect } from '@/features/admin/components/fields';
import { FunnelCard } from '@/features/insights/components/funnel-card';
import { ActivityCard, CohortsCard, TimeToCompleteCard } from '@/features/insights/components/progress-cards';
import { QuizzesCard, TeamTasksCard } from '@/features/insights/components/quiz-task-cards';
import { type InsightsFilters, insightsParams, readInsightsFilters } from '@/features/insights/utils/insights-query';
import { AdminShell } from './admin-shell';

/** The width of each filter: shrinks to the screen on a phone, as wide as it needs beside the others. */
const filterClass = 'min-w-[min(10rem,100%)] flex-1 sm:flex-none';

/**
 * The insights page (admins; its own lazily loaded chunk, with the charting library): where people get stuck and how
 * long onboarding takes — funnel, time to complete, cohorts, activity and quizzes — for the role, department and start month
 * chosen. The filters live in the address (and the funnel's own role, `funnel`); every figure links to the members
 * table filtered to the members behind it.
 */
export function AdminInsightsRoute() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = readInsightsFilters(params);
  const choices = useFilterChoices();
  // The funnel's own role ('' = the role with the most members, 'all' = completion per role) lives in the address too.
  const funnelView = params.get('funnel') ?? '';
  const withFunnel = (next: URLSearchParams, view: string) => {
    if (view !== '') next.set('funnel', view);
    return next;
  };
  const update = (change: Partial<InsightsFilters>) =>
    setParams(withFunnel(insightsParams({ ...filters, ...change }), funnelView), { replace: true });
  const setFunnelView = (view: string) => setParams(withFunnel(insightsParams(filters), view), { replace: true });
  const filtered = filters.role !== '' || filters.department !== '' || filters.started !== '';
  return (
    <AdminShell>
      {() => (
        <div className="space-y-6">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <Link
                to={paths.admin.getHref()}
                className="inline-flex items-center gap-1 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                <ArrowLeft aria-hidden="true" className="size-4" /> Admin console
              </Link>
              <h2 className="text-2xl font-bold tracking-tight text-slate-900">Insights</h2>
              <p className="text-slate-600">Where people get stuck, and how long onboarding takes.</p>
            </div>
          </div>
          <form
            aria-label="Filters"
            onSubmit={(e) => e.preventDefault()}
            className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4"
          >
            <LabelledSelect
              id={`${id}-role`}
              label="Role"
              value={filters.role}
              onChange={(role) => update({ role })}
              options={choices.role}
              className={filterClass}
            />
            <LabelledSelect
              id={`${id}-department`}
              label="Department"
              value={filters.department}
              onChange={(department) => update({ department })}
              options={choices.department}
              className={filterClass}
            />
            <LabelledInput
              id={`${id}-started`}
              label="Started in (month)"
              type="month"
              value={filters.started}
              onChange={(e) => update({ started: e.target.value })}
              className={filterClass}
            />
            {filtered && (
              <Button variant="ghost" onClick={() => update({ role: '', department: '', started: '' })}>
                Clear filters
              </Button>
            )}
          </form>
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2 [&>*]:min-w-0">
            <div className="xl:col-span-2">
              <FunnelCard filters={filters} view={funnelView} onViewChange={setFunnelView} />
            </div>
            <TimeToCompleteCard filters={filters} />
            <CohortsCard filters={filters} />
            <div className="xl:col-span-2">
              <ActivityCard filters={filters} />
            </div>
            <div className="xl:col-span-2">
              <QuizzesCard filters={filters} />
              <TeamTasksCard filters={filters} />
            </div>
          </div>
        </div>
      )}
    </AdminShell>
  );
}
