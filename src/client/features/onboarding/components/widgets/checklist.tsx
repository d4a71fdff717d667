import type { ChecklistItem } from '@shared/content-schema';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { StepIcon } from '../step-icon';
import { ItemListHeader } from './item-list-header';

interface ChecklistProps {
  /** The step's own header text (docs/product.md#step-cards). */
  header: string | undefined;
  items: readonly ChecklistItem[];
  /** Ids of the ticked items. */
  done: ReadonlySet<string>;
  onItemChange: (itemId: string, done: boolean) => void;
  /** Unticks every item (and so un-completes the step). */
  onReset: () => void;
  /** A role preview: nothing can be ticked. */
  readOnly: boolean;
}

/**
 * A checklist step's list (docs/product.md#step-widgets, docs/product.md#progress-rules: each item ticked,
 * 'Reset' clears all; the last tick completes the step, unticking any un-completes it). The step itself follows from
 * the ticks.
 */
export function Checklist({ header, items, done, onItemChange, onReset, readOnly }: ChecklistProps) {
  const headingId = useId();
  const baseId = useId();
  const count = items.filter((i) => done.has(i.id)).length;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <ItemListHeader id={headingId} title={header ?? 'Checklist'} summary={`${count} of ${items.length} done`} />
      <ul className="space-y-2">
        {items.map((item) => {
          const id = `${baseId}-${item.id}`;
          const checked = done.has(item.id);
          return (
            <li
              key={item.id}
              className={cn(
                'flex items-center gap-3 rounded-xl border px-3 py-2.5 transition-colors',
                checked ? 'border-emerald-200 bg-emerald-50/70' : 'border-slate-200 bg-white',
              )}
            >
              <Checkbox
                id={id}
                checked={checked}
                disabled={readOnly}
                onCheckedChange={(value) => onItemChange(item.id, value === true)}
              />
              {item.icon ? <StepIcon name={item.icon} className="size-4 shrink-0 text-slate-500" /> : null}
              <label
                htmlFor={id}
                className={cn('flex-1 cursor-pointer text-slate-800', checked && 'text-slate-600 line-through')}
              >
                {item.text}
              </label>
            </li>
          );
        })}
      </ul>
      <Button
        variant="outline"
        size="sm"
        onClick={onReset}
        disabled={readOnly || count === 0}
        aria-label="Reset all ticks"
      >
        <RotateCcw />
        Reset
      </Button>
    </section>
  );
}
