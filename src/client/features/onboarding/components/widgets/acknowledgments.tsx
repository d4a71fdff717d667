import type { AcknowledgmentItem } from '@shared/content-schema';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { StepIcon } from '../step-icon';
import { ItemListHeader } from './item-list-header';

interface AcknowledgmentsProps {
  /** The step's own header text (docs/product.md#step-cards). */
  header: string | undefined;
  items: readonly AcknowledgmentItem[];
  /** Ids of the acknowledged items. */
  done: ReadonlySet<string>;
  onItemChange: (itemId: string, done: boolean) => void;
  /** A role preview: nothing can be acknowledged. */
  readOnly: boolean;
}

/**
 * An acknowledgment step's items, each with an 'I acknowledge' checkbox (docs/product.md#step-widgets: the step
 * completes when all are given). Each checkbox is described by its item's text, so a screen reader says what is
 * acknowledged.
 */
export function Acknowledgments({ header, items, done, onItemChange, readOnly }: AcknowledgmentsProps) {
  const headingId = useId();
  const baseId = useId();
  const count = items.filter((i) => done.has(i.id)).length;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <ItemListHeader
        id={headingId}
        title={header ?? 'Acknowledgments'}
        summary={`${count} of ${items.length} acknowledged`}
      />
      <ul className="space-y-3">
        {items.map((item) => {
          const checkboxId = `${baseId}-${item.id}`;
          const textId = `${baseId}-${item.id}-text`;
          const checked = done.has(item.id);
          return (
            <li
              key={item.id}
              className={cn(
                'rounded-xl border p-4 transition-colors',
                checked ? 'border-emerald-200 bg-emerald-50/70' : 'border-slate-200 bg-white',
              )}
            >
              <div className="flex items-start gap-3">
                {item.icon ? <StepIcon name={item.icon} className="mt-0.5 size-5 shrink-0 text-slate-500" /> : null}
                <p id={textId} className="flex-1 text-slate-800">
                  {item.content}
                </p>
              </div>
              <div className="mt-2 flex items-center gap-2.5 sm:pl-8">
                <Checkbox
                  id={checkboxId}
                  checked={checked}
                  disabled={readOnly}
                  aria-describedby={textId}
                  onCheckedChange={(value) => onItemChange(item.id, value === true)}
                />
                <label htmlFor={checkboxId} className="cursor-pointer py-1 text-sm font-semibold text-slate-900">
                  I acknowledge
                </label>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
