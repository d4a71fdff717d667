import { EXTRA_STEP_ID_PATTERN } from '@shared/adjustments';
import type { MemberDetail } from '@shared/admin-api';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toasts';
import { useAdjustments } from '../api/adjustments';
import { fieldClass, formatDateTime } from '../utils/format';
import { LabelledField, LabelledInput, LabelledSelect } from './fields';

/**
 * Steps just for one member (admins only; docs/product.md#per-person-adjustments): the extra steps added for them and
 * the steps skipped for them, each with who did it, when, the reason, and 'Undo'; a form to add an extra step (title,
 * what to do, optional days after the start date to be done by) and one to skip a step of their role with a reason.
 */
export function MemberAdjustments({ detail }: { detail: MemberDetail }) {
  const id = useId();
  const email = detail.member.email;
  const adjustments = detail.adjustments ?? [];
  const { add, undo } = useAdjustments();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [dueAfterDays, setDueAfterDays] = useState('');
  const [stepId, setStepId] = useState('');
  const [reason, setReason] = useState('');
  const skippable = detail.steps.filter((step) => !EXTRA_STEP_ID_PATTERN.test(step.id));
  const error = add.error ?? undo.error;

  const addExtra = (event: FormEvent) => {
    event.preventDefault();
    const days = dueAfterDays.trim() === '' ? null : Number(dueAfterDays);
    add
      .mutateAsync({ email, body: { kind: 'extra', title, description, dueAfterDays: days } })
      .then(() => {
        toast.success(`Added “${title.trim()}” to ${email}'s steps`);
        setTitle('');
        setDescription('');
        setDueAfterDays('');
      })
      .catch(() => {
        // Shown below from `error`.
      });
  };
  const skip = (event: FormEvent) => {
    event.preventDefault();
    const chosen = stepId === '' ? skippable[0]?.id : stepId;
    if (chosen === undefined) return;
    add
      .mutateAsync({ email, body: { kind: 'skip', stepId: chosen, reason } })
      .then(() => {
        toast.success(`Skipped a step for ${email}`);
        setStepId('');
        setReason('');
      })
      .catch(() => {
        // Shown below from `error`.
      });
  };

  return (
    <Card className="space-y-5 p-5">
      <section aria-labelledby={`${id}-heading`} className="space-y-3">
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          Steps just for this person
        </h3>
        {adjustments.length === 0 ? (
          <p className="text-sm text-slate-600">They have their role's steps, nothing added or skipped.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {adjustments.map((a) => {
              const what = a.kind === 'extra' ? `Extra step: ${a.title}` : `Skipped: ${a.title}`;
              return (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                  <div>
                    <p className="font-medium">{what}</p>
                    <p className="text-sm text-slate-600">
                      {a.kind === 'skip' ? <>Why: {a.reason} · </> : null}
                      {a.kind === 'extra' && a.dueAfterDays !== null ? (
                        <>
                          Due {a.dueAfterDays} {a.dueAfterDays === 1 ? 'day' : 'days'} after the start date ·{' '}
                        </>
                      ) : null}
                      {a.createdBy}, {formatDateTime(a.createdAt)}
                    </p>
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={undo.isPending}
                    aria-label={`Undo: ${what}`}
                    onClick={() => undo.mutate({ email, id: a.id })}
                  >
                    Undo
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <form onSubmit={addExtra} className="grid gap-3 sm:grid-cols-2" aria-labelledby={`${id}-extra`}>
        <h4 id={`${id}-extra`} className="font-semibold sm:col-span-2">
          Add an extra step
        </h4>
        <LabelledInput
          id={`${id}-title`}
          label="Title"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <LabelledInput
          id={`${id}-days`}
          label="Due days after the start date (optional)"
          type="number"
          min={0}
          max={365}
          inputMode="numeric"
          value={dueAfterDays}
          onChange={(e) => setDueAfterDays(e.target.value)}
        />
        <LabelledField id={`${id}-description`} label="What to do" className="sm:col-span-2">
          <textarea
            id={`${id}-description`}
            required
            maxLength={4000}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className={fieldClass}
          />
        </LabelledField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending}>
            Add the step
          </Button>
        </div>
      </form>
      {skippable.length > 0 ? (
        <form onSubmit={skip} className="grid gap-3 sm:grid-cols-2" aria-labelledby={`${id}-skip`}>
          <h4 id={`${id}-skip`} className="font-semibold sm:col-span-2">
            Skip a step
          </h4>
          <LabelledSelect
            id={`${id}-step`}
            label="Step"
            value={stepId === '' ? (skippable[0]?.id ?? '') : stepId}
            onChange={setStepId}
            options={skippable.map((step) => ({ value: step.id, label: step.title }))}
          />
          <LabelledInput
            id={`${id}-reason`}
            label="Reason"
            required
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={add.isPending}>
              Skip the step
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
    </Card>
  );
}
