import type { Form } from '@shared/content-schema';
import { Button } from '@/components/ui/button';
import { FormQuestions, useFormAnswers } from '@/features/onboarding';
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
  const { formRef, onSubmit, saveDraft, ...answers } = useFormAnswers(form, state.data?.draft?.answers, save);

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
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Your answers">
      {state.data.draft ? (
        <p className="text-sm text-slate-700">
          Your draft from {formatWhen(state.data.draft.savedAt, locale, timeZone)} is filled in below.
        </p>
      ) : null}
      <FormQuestions stepId={stepId} form={form} answers={answers} disabled={save.isPending} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Send
        </Button>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={saveDraft}>
          Save draft
        </Button>
      </div>
    </form>
  );
}
