import type { MemberStep } from '@shared/admin-api';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Circle from 'lucide-react/icons/circle';
import CircleDot from 'lucide-react/icons/circle-dot';
import { formatDateTime } from '../utils/format';

const STATUS = {
  completed: { label: 'Completed', Icon: CheckCircle2, className: 'text-emerald-700' },
  active: { label: 'Current step', Icon: CircleDot, className: 'text-brand-700' },
  // slate-600, not a paler grey: the label is text and needs 4.5:1 on the card (WCAG 1.4.3).
  pending: { label: 'Not yet active', Icon: Circle, className: 'text-slate-600' },
} as const;

/**
 * Steps the member completed that the published content no longer has (removed in the content studio,
 * docs/product.md#content-studio): their record is kept, shown with the title the step last had.
 */
export function RemovedSteps({ steps }: { steps: { id: string; title: string; completedAt: string }[] }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="removed-steps-heading" className="space-y-2">
      <h3 id="removed-steps-heading" className="text-lg font-semibold">
        Removed steps
      </h3>
      <p className="text-sm text-slate-700">
        These steps were removed from the content after this member completed them. Their record is kept.
      </p>
      <ul className="space-y-2">
        {steps.map((step) => (
          <li key={step.id} className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
            <span className="font-semibold text-slate-900">{step.title}</span>{' '}
            <span className="text-slate-700">· Removed · completed {formatDateTime(step.completedAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A member's steps in order (docs/product.md#admin-area: "A member's page"): status and completion time of each, and
 * under checklist and acknowledgment steps every item with the time it was ticked or acknowledged.
 */
export function MemberSteps({ steps }: { steps: MemberStep[] }) {
  if (steps.length === 0) return <p className="text-slate-600">This member's role has no steps.</p>;
  return (
    <ol className="space-y-3">
      {steps.map((step, i) => {
        const { label, Icon, className } = STATUS[step.status];
        return (
          <li key={step.id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-start gap-3">
              <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${className}`} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {i + 1}. {step.title}
                </p>
                <p className="text-sm text-slate-600">
                  {step.scopeTitle} · <span className={className}>{label}</span>
                  {step.completedAt ? ` · ${formatDateTime(step.completedAt)}` : null}
                </p>
                {step.items.length > 0 ? (
                  <ul className="mt-2 space-y-1 text-sm">
                    {step.items.map((item) => (
                      <li key={item.id} className="flex flex-wrap gap-x-2">
                        <span aria-hidden="true">{item.doneAt ? '☑' : '☐'}</span>
                        <span className="sr-only">{item.doneAt ? 'Done: ' : 'Not done: '}</span>
                        <span className="text-slate-800">
                          {item.kind === 'acknowledgment' ? 'Acknowledged — ' : ''}
                          {item.text}
                        </span>
                        {item.doneAt ? <span className="text-slate-500">({formatDateTime(item.doneAt)})</span> : null}
                        {item.removed ? (
                          <span className="font-medium text-amber-800">Removed from the step since</span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
