import type { Form } from '@shared/content-schema';
import { checkFormAnswers, type AnswerProblem } from '@shared/step-answers';
import Download from 'lucide-react/icons/download';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiPaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useFormState, useSaveForm } from '../../api/step-answers';
import { FormField, type FormDraft, toFormAnswers, toFormDraft } from './form-field';
import { formatDateTime } from '@/lib/dates';

/**
 * A form step's questions on its card (docs/product.md#form-steps): fill in, save a draft, send. Every problem is
 * checked here with the server's own schemas and shown beside its question; the server's answer to a sending is the
 * last word. Keyboard only: every control is a native input, Send is the form's submit button, and after a refusal
 * focus goes to the first question to change.
 */
export function FormStep({ stepId, form, readOnly }: { stepId: string; form: Form; readOnly: boolean }) {
  const state = useFormState(stepId, !readOnly);
  const save = useSaveForm(stepId);
  const [draft, setDraft] = useState<FormDraft | undefined>(undefined);
  const [problems, setProblems] = useState<AnswerProblem[]>([]);
  const [notice, setNotice] = useState('');
  const [uploading, setUploading] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Until the member changes something, the fields show the saved draft, else the latest sending.
  const values = draft ?? toFormDraft(state.data?.draft?.answers ?? state.data?.submitted?.answers);
  const canSubmit = !readOnly && (state.data?.canSubmit ?? false);
  const disabled = readOnly || !canSubmit || save.isPending;
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

  if (!readOnly && state.isPending) return <p className="text-sm text-slate-600">Loading your answers…</p>;
  if (!readOnly && state.isError) {
    return (
      <p role="alert" className="text-sm text-red-900">
        Your answers could not be loaded: {state.error.message}
      </p>
    );
  }
  const submitted = state.data?.submitted ?? null;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Your answers">
      {submitted && state.data?.changedSinceSent ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          The questions of this form changed after you sent it on {formatDateTime(submitted.submittedAt)}. Please check
          your answers and send it again.
        </p>
      ) : submitted ? (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          You sent this form on {formatDateTime(submitted.submittedAt)}
          {submitted.version > 1 ? ` (version ${submitted.version})` : ''}.
          {canSubmit ? ' You can change your answers and send them again.' : ''}
        </p>
      ) : null}
      {form.fields.map((field) => (
        <FormField
          key={field.id}
          stepId={stepId}
          field={field}
          value={values[field.id]}
          error={errorOf(field.id)}
          disabled={disabled}
          onChange={(value) => {
            setDraft((current) => ({ ...(current ?? values), [field.id]: value }));
          }}
          onBusy={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
        />
      ))}
      <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
        {notice}
      </p>
      {canSubmit ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending || uploading > 0}>
            {submitted ? 'Send changes' : 'Send'}
          </Button>
          <Button type="button" variant="outline" disabled={save.isPending || uploading > 0} onClick={() => run(false)}>
            Save draft
          </Button>
        </div>
      ) : null}
      {submitted ? (
        <p className="flex flex-wrap gap-x-4 text-sm">
          <a
            className="font-medium text-brand-700 underline underline-offset-2"
            href={apiPaths.myAnswers('csv')}
            download
          >
            <Download aria-hidden="true" className="mr-1 inline size-3.5" />
            Download my answers (CSV)
          </a>
          <a
            className="font-medium text-brand-700 underline underline-offset-2"
            href={apiPaths.myAnswers('json')}
            download
          >
            <Download aria-hidden="true" className="mr-1 inline size-3.5" />
            Download my answers (JSON)
          </a>
        </p>
      ) : null}
    </form>
  );
}
