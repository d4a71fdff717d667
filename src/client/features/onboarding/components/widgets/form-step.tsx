import type { Form } from '@shared/content-schema';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiPaths } from '@/config/paths';
import { useFormState, useSaveForm } from '../../api/step-answers';
import { useFormAnswers } from '../../hooks/use-form-answers';
import { FormQuestions } from './form-questions';
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
  const [uploading, setUploading] = useState(0);
  // Until the member changes something, the fields show the saved draft, else the latest sending.
  const { formRef, onSubmit, saveDraft, ...answers } = useFormAnswers(
    form,
    state.data?.draft?.answers ?? state.data?.submitted?.answers,
    save,
  );
  const canSubmit = !readOnly && (state.data?.canSubmit ?? false);
  const disabled = readOnly || !canSubmit || save.isPending;

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
      <FormQuestions
        stepId={stepId}
        form={form}
        answers={answers}
        disabled={disabled}
        onBusy={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
      />
      {canSubmit ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending || uploading > 0}>
            {submitted ? 'Send changes' : 'Send'}
          </Button>
          <Button type="button" variant="outline" disabled={save.isPending || uploading > 0} onClick={saveDraft}>
            Save draft
          </Button>
        </div>
      ) : null}
      {submitted ? (
        <p className="flex flex-wrap gap-x-4 text-sm">
          {(['csv', 'json'] as const).map((format) => (
            <a
              key={format}
              className="font-medium text-brand-700 underline underline-offset-2"
              href={apiPaths.myAnswers(format)}
              download
            >
              <Download aria-hidden="true" className="mr-1 inline size-3.5" />
              Download my answers ({format.toUpperCase()})
            </a>
          ))}
        </p>
      ) : null}
    </form>
  );
}
