import type { Form } from '@shared/content-schema';
import { checkFormAnswers, type AnswerProblem } from '@shared/step-answers';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, type FormDraft, toFormAnswers, toFormDraft } from '@/features/onboarding';
import { isApiError } from '@/lib/api-client';
import { formatDateTimeWith } from '@/lib/dates';
import { usePreboardingForm, useSavePreboardingForm } from '../api/preboarding';

/** A time as the organisation writes it ('3 Dec 2026, 14:05'). */
const formatWhen = (iso: string, locale: string, timeZone: string): string =>
  formatDateTimeWith(iso, { locale, timeZone });

/**
 * A form before the first day (docs/product.md#pre-boarding): fill in, save a draft, send once. The draft comes back
 * as saved; once sent, the answers are never shown again here (a forwarded link must not reveal them): the form says
 * when it was sent and that the answers can be seen after the first sign-in.
 */
export function PreboardingForm({
  stepId,
  form,
  locale,
  timeZone,
}: {
  stepId: string;
  form: Form;
  locale: string;
  timeZone: string;
}) {
  const state = usePreboardingForm(stepId);
  const save = useSavePreboardingForm(stepId);
  const [draft, setDraft] = useState<FormDraft | undefined>(undefined);
  const [problems, setProblems] = useState<AnswerProblem[]>([]);
  const [notice, setNotice] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  if (state.isPending) return <p className="text-sm text-slate-600">Loading your answers…</p>;
  if (state.isError) {
    return (
      <p role="alert" className="text-sm text-red-900">
        Your answers could not be loaded: {state.error.message}
      </p>
    );
  }
  if (state.data.sentAt !== null) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        You sent this form on {formatWhen(state.data.sentAt, locale, timeZone)}. Thank you! We keep your answers safe:
        they are not shown here again. After your first sign-in you can see and change them.
      </p>
    );
  }
  const values = draft ?? toFormDraft(state.data.draft?.answers);
  const errorOf = (fieldId: string) => problems.find((p) => p.fieldId === fieldId)?.message;
  const focusFirstProblem = (found: AnswerProblem[]) => {
    const first = form.fields.find((f) => found.some((p) => p.fieldId === f.id));
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first.id}"]`)?.focus();
  };
  const run = (send: boolean) => {
    const answers = toFormAnswers(form, values);
    const checked = checkFormAnswers(form, answers, send ? 'submit' : 'draft');
    if (!checked.ok) {
      setProblems(checked.problems);
      setNotice(
        `Please change ${checked.problems.length === 1 ? 'one answer' : `${checked.problems.length} answers`}.`,
      );
      focusFirstProblem(checked.problems);
      return;
    }
    setProblems([]);
    save.mutate(
      { answers, send },
      {
        onSuccess: () => setNotice(send ? 'Your answers were sent. Thank you!' : 'Your draft was saved.'),
        onError: (error) => {
          const body = isApiError(error) ? error.body : undefined;
          const found =
            typeof body === 'object' && body !== null && 'problems' in body && Array.isArray(body.problems)
              ? (body.problems as AnswerProblem[])
              : [];
          setProblems(found);
          setNotice(error.message);
          focusFirstProblem(found);
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(true);
  };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Your answers">
      {state.data.draft ? (
        <p className="text-sm text-slate-700">
          Your draft from {formatWhen(state.data.draft.savedAt, locale, timeZone)} is filled in below.
        </p>
      ) : null}
      {form.fields.map((field) => (
        <FormField
          key={field.id}
          stepId={stepId}
          field={field}
          value={values[field.id]}
          error={errorOf(field.id)}
          disabled={save.isPending}
          onChange={(value) => setDraft((current) => ({ ...(current ?? values), [field.id]: value }))}
          onBusy={() => undefined}
        />
      ))}
      <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
        {notice}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Send
        </Button>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={() => run(false)}>
          Save draft
        </Button>
      </div>
    </form>
  );
}
