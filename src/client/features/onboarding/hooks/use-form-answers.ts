import type { Form } from '@shared/content-schema';
import { checkFormAnswers, type AnswerProblem, type AnswerValue } from '@shared/step-answers';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { type FormDraft, type FormDraftValue, toFormAnswers, toFormDraft } from '../components/widgets/form-field';

/** What saving a form sends: the answers, and whether they are sent (else kept as the draft). */
export interface FormSaving {
  answers: Record<string, unknown>;
  send: boolean;
}

/** A form being filled in: what its fields show, their problems, the notice, and what its buttons do. */
export interface FormAnswersState {
  /** What the fields show: the member's changes, else the saved answers. */
  values: FormDraft;
  /** Changes one question's answer. */
  change: (fieldId: string, value: FormDraftValue) => void;
  /** The problem to show beside a question, if any. */
  errorOf: (fieldId: string) => string | undefined;
  /** The notice for the form's status line (problems to change, saved, sent, or the server's refusal). */
  notice: string;
  /** The `<form>` element: after a refusal, focus goes to its first question to change. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's submit handler: sends the answers. */
  onSubmit: (event: FormEvent) => void;
  /** Saves the answers as the draft. */
  saveDraft: () => void;
}

/** The problems of a refused save, as the server lists them beside its message (none when it lists none). */
function problemsOf(error: Error): AnswerProblem[] {
  const body = isApiError(error) ? error.body : undefined;
  return typeof body === 'object' && body !== null && 'problems' in body && Array.isArray(body.problems)
    ? (body.problems as AnswerProblem[])
    : [];
}

/**
 * Filling in a form (docs/product.md#form-steps, docs/product.md#pre-boarding): every problem is checked here with the
 * server's own schemas before anything is sent and shown beside its question, the server's answer is the last word,
 * and after a refusal focus goes to the first question to change. A form step's card and a form before the first day
 * share it; each saves through its own request.
 * @param form the form's questions
 * @param saved the answers to start from until the member changes one (the saved draft, or what was sent)
 * @param save the mutation that saves (`send: false`) or sends (`send: true`) the answers; its error is an ApiError
 *   whose body may list `problems`
 * @returns the form's state and handlers
 */
export function useFormAnswers<Saved>(
  form: Form,
  saved: Record<string, AnswerValue> | undefined,
  save: UseMutationResult<Saved, Error, FormSaving>,
): FormAnswersState {
  const [draft, setDraft] = useState<FormDraft | undefined>(undefined);
  const [problems, setProblems] = useState<AnswerProblem[]>([]);
  const [notice, setNotice] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const values = draft ?? toFormDraft(saved);
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
          const found = problemsOf(error);
          setProblems(found);
          setNotice(error.message);
          focusFirstProblem(found);
        },
      },
    );
  };

  return {
    values,
    change: (fieldId, value) => setDraft((current) => ({ ...(current ?? values), [fieldId]: value })),
    errorOf,
    notice,
    formRef,
    onSubmit: (event) => {
      event.preventDefault();
      run(true);
    },
    saveDraft: () => run(false),
  };
}
