import type { StepStatus } from '@shared/progress';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import CircleDot from 'lucide-react/icons/circle-dot';
import { cn } from '@/lib/cn';

const LABELS: Record<StepStatus, string> = {
  completed: 'Completed',
  active: 'Active',
  pending: 'Not yet active',
};

/**
 * The visible status of a step (docs/product.md#progress-rules: completed, active, or pending shown as 'not yet
 * active').
 */
/**
 * @param color text colour of the active state, a CSS colour readable on the cards of every theme (≥ 4.5:1;
 *   roleTextColorInThemes); the high-contrast theme makes it black.
 */
export function StepStatusLabel({ status, color }: { status: StepStatus; color: string }) {
  const Icon = status === 'completed' ? CircleCheck : status === 'active' ? CircleDot : CircleDashed;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs font-semibold',
        status === 'completed' && 'text-emerald-700',
        status === 'pending' && 'text-slate-600',
      )}
      style={status === 'active' ? { color } : undefined}
      data-role-color={status === 'active' ? 'text' : undefined}
      data-status={status}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {LABELS[status]}
    </span>
  );
}
