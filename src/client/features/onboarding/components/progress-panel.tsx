import PartyPopper from 'lucide-react/icons/party-popper';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';

interface ProgressPanelProps {
  firstName: string;
  percent: number;
  completedCount: number;
  /** Steps not completed whose due date has passed (docs/product.md#due-dates-and-reminders). */
  overdueCount?: number;
  total: number;
  accent: string;
  /** Whose steps the percentage is of, when not the member's own: a role preview's 'Your progress on the Finance steps'. */
  progressLabel?: string | undefined;
}

/**
 * The progress panel (docs/product.md#dashboard): welcome, 'Your progress', the percentage and a named progress bar.
 */
export function ProgressPanel({
  firstName,
  percent,
  completedCount,
  total,
  accent,
  overdueCount = 0,
  progressLabel,
}: ProgressPanelProps) {
  return (
    <Card className="overflow-hidden">
      <div
        className="h-1.5"
        style={{ background: `linear-gradient(90deg, ${accent}, ${accent}55)` }}
        aria-hidden="true"
      />
      <div className="p-5 sm:p-6">
        <h2 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">Welcome, {firstName}!</h2>
        <div className="mt-4 flex items-end justify-between gap-4">
          <p className="text-sm font-medium text-slate-700">{progressLabel ?? 'Your progress'}</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900">{percent}%</p>
        </div>
        <Progress value={percent} label="Onboarding progress" color={accent} className="mt-2" />
        <p className="mt-2 text-xs text-slate-600">
          {completedCount} of {total} steps completed
        </p>
        {overdueCount > 0 ? (
          <p className="mt-1 text-xs font-semibold text-red-800">
            {overdueCount === 1 ? '1 step is overdue' : `${overdueCount} steps are overdue`}: take it one step at a
            time.
          </p>
        ) : null}
        {total > 0 && percent === 100 ? (
          <div
            role="status"
            className="mt-4 flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
          >
            <PartyPopper aria-hidden="true" className="size-6 shrink-0" />
            <p className="font-semibold">Onboarding complete!</p>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
