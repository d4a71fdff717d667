import type { Form, FormField } from '@shared/content-schema';
import { checkFormAnswers, type AnswerProblem, type AnswerValue, type FileAnswer } from '@shared/step-answers';
import Download from 'lucide-react/icons/download';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiPaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useFormState, useSaveForm } from '../../api/step-answers';
import { FileQuestion } from './file-question';
import { formatDateTime } from '@/lib/dates';

/** What a field holds while the member fills it in: text for typed kinds, ids for choices, yes/no, an uploaded file. */
type DraftValue = string | string[] | boolean | FileAnswer;
type Draft = Record<string, DraftValue>;

const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-700 disabled:bg-slate-100';

/** The answers to send: numbers as numbers (a text that is no number is sent as it is, and refused with a message). */
function toAnswers(form: Form, draft: Draft): Record<string, AnswerValue | null> {
  const answers: Record<string, AnswerValue | null> = {};
  for (const field of form.fields) {
    const value = draft[field.id];
    if (value === undefined || value === '') answers[field.id] = null;
    else if (field.kind === 'number' && typeof value === 'string' && Number.isFinite(Number(value))) {
      answers[field.id] = Number(value);
    } else answers[field.id] = value;
  }
  return answers;
}

/** The stored answers as the fields hold them. */
function toDraft(answers: Record<string, AnswerValue> | undefined): Draft {
  const draft: Draft = {};
  for (const [id, value] of Object.entries(answers ?? {}))
    draft[id] = typeof value === 'number' ? String(value) : value;
  return draft;
}

interface FieldProps {
  stepId: string;
  field: FormField;
  value: DraftValue | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: DraftValue) => void;
  onBusy: (busy: boolean) => void;
}

/** One question: its label, help text and error tied to the control (WCAG 1.3.1, 3.3.1, 3.3.2). */
function Field({ stepId, field, value, error, disabled, onChange, onBusy }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [field.help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label}
      {field.required ? <span className="font-normal text-slate-600"> (required)</span> : null}
    </>
  );
  const help = field.help ? (
    <p id={helpId} className="text-xs text-slate-600">
      {field.help}
    </p>
  ) : null;
  const errorText = error ? (
    <p id={errorId} className="text-sm font-medium text-red-800">
      {error}
    </p>
  ) : null;
  if (field.kind === 'file') {
    return (
      <FileQuestion
        stepId={stepId}
        field={field}
        value={value}
        error={error}
        disabled={disabled}
        label={label}
        onChange={onChange}
        onBusy={onBusy}
      />
    );
  }
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
    disabled,
    'data-field': field.id,
  } as const;

  if (field.kind === 'single-choice' || field.kind === 'multiple-choice' || field.kind === 'yes-no') {
    const options =
      field.kind === 'yes-no'
        ? [
            { id: 'yes', label: 'Yes' },
            { id: 'no', label: 'No' },
          ]
        : (field.options ?? []);
    const multiple = field.kind === 'multiple-choice';
    const chosen = (id: string) =>
      field.kind === 'yes-no'
        ? value === (id === 'yes')
        : multiple
          ? Array.isArray(value) && value.includes(id)
          : value === id;
    return (
      <fieldset className="space-y-2" aria-describedby={describedBy}>
        <legend className="text-sm font-semibold text-slate-900">{label}</legend>
        {help}
        <div className="space-y-1.5">
          {options.map((option, i) => (
            <label key={option.id} className="flex items-center gap-2 text-sm">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`${id}-${field.id}`}
                className="size-4 accent-brand-700"
                checked={chosen(option.id)}
                disabled={disabled}
                data-field={i === 0 ? field.id : undefined}
                onChange={(event) => {
                  if (field.kind === 'yes-no') onChange(option.id === 'yes');
                  else if (!multiple) onChange(option.id);
                  else {
                    const current = Array.isArray(value) ? value : [];
                    onChange(
                      event.target.checked ? [...current, option.id] : current.filter((other) => other !== option.id),
                    );
                  }
                }}
              />
              {option.label}
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }

  const text = typeof value === 'string' ? value : '';
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {help}
      {field.kind === 'long-text' ? (
        <textarea
          id={id}
          rows={4}
          className={inputClass}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      ) : (
        <input
          id={id}
          className={inputClass}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...(field.kind === 'date'
            ? { type: 'date' }
            : field.kind === 'number'
              ? { type: 'text', inputMode: 'decimal' as const }
              : field.kind === 'email'
                ? { type: 'email', autoComplete: 'email' }
                : field.kind === 'phone'
                  ? { type: 'tel', autoComplete: 'tel' }
                  : { type: 'text' })}
          {...common}
        />
      )}
      {errorText}
    </div>
  );
}

/**
 * A form step's questions on its card (docs/product.md#form-steps): fill in, save a draft, send. Every problem is
 * checked here with the server's own schemas and shown beside its question; the server's answer to a sending is the
 * last word. Keyboard only: every control is a native input, Send is the form's submit button, and after a refusal
 * focus goes to the first question to change.
 */
export function FormStep({ stepId, form, readOnly }: { stepId: string; form: Form; readOnly: boolean }) {
  const state = useFormState(stepId, !readOnly);
  const save = useSaveForm(stepId);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [problems, setProblems] = useState<AnswerProblem[]>([]);
  const [notice, setNotice] = useState('');
  const [uploading, setUploading] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Until the member changes something, the fields show the saved draft, else the latest sending.
  const values = draft ?? toDraft(state.data?.draft?.answers ?? state.data?.submitted?.answers);
  const canSubmit = !readOnly && (state.data?.canSubmit ?? false);
  const disabled = readOnly || !canSubmit || save.isPending;
  const errorOf = (fieldId: string) => problems.find((p) => p.fieldId === fieldId)?.message;

  const focusFirstProblem = (found: AnswerProblem[]) => {
    const first = form.fields.find((f) => found.some((p) => p.fieldId === f.id));
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first.id}"]`)?.focus();
  };

  const run = (send: boolean) => {
    const answers = toAnswers(form, values);
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
        <Field
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
