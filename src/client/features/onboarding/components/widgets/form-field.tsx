import type { Form, FormField as FormFieldContent } from '@shared/content-schema';
import type { AnswerValue, FileAnswer } from '@shared/step-answers';
import { useId } from 'react';
import { FileQuestion } from './file-question';

/**
 * One question of a form (docs/product.md#form-steps), as the member's form step and the pre-boarding page ask it:
 * native controls, the label, help text and error tied to the control.
 */

/** What a field holds while the member fills it in: text for typed kinds, ids for choices, yes/no, an uploaded file. */
export type FormDraftValue = string | string[] | boolean | FileAnswer;
/** A form's answers while the member fills it in, by question id. */
export type FormDraft = Record<string, FormDraftValue>;

const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-700 disabled:bg-slate-100';

/** The answers to send: numbers as numbers (a text that is no number is sent as it is, and refused with a message). */
export function toFormAnswers(form: Form, draft: FormDraft): Record<string, AnswerValue | null> {
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
export function toFormDraft(answers: Record<string, AnswerValue> | undefined): FormDraft {
  const draft: FormDraft = {};
  for (const [id, value] of Object.entries(answers ?? {}))
    draft[id] = typeof value === 'number' ? String(value) : value;
  return draft;
}

/** What one question needs: the step (for a file question), the question, its value and error, and the callbacks. */
export interface FormFieldProps {
  stepId: string;
  field: FormFieldContent;
  value: FormDraftValue | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: FormDraftValue) => void;
  onBusy: (busy: boolean) => void;
}

/** One question: its label, help text and error tied to the control (WCAG 1.3.1, 3.3.1, 3.3.2). */
export function FormField({ stepId, field, value, error, disabled, onChange, onBusy }: FormFieldProps) {
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
        <div>
          {options.map((option, i) => (
            <label key={option.id} className="flex items-center gap-2 py-1 text-sm">
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
