import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/lib/cn';

interface ProgressProps {
  /** 0–100 */
  value: number;
  /** Accessible name of the bar. */
  label: string;
  /** Colour of the filled part; must contrast ≥ 3:1 with the light track. */
  color?: string;
  className?: string;
}

export function Progress({ value, label, color, className }: ProgressProps) {
  return (
    <ProgressPrimitive.Root
      value={value}
      max={100}
      aria-label={label}
      getValueLabel={(v, max) => `${Math.round((v / max) * 100)}%`}
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <ProgressPrimitive.Indicator
        className="h-full rounded-full bg-brand-700 transition-[width] duration-500 ease-out"
        style={{ width: `${value}%`, ...(color ? { backgroundColor: color } : {}) }}
      />
    </ProgressPrimitive.Root>
  );
}
