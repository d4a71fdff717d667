import type { Quiz } from '@shared/content-schema';
import { quizTryProblems, type AnswerProblem, type QuizTry } from '@shared/step-answers';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useQuizState, useTryQuiz } from '../../api/step-answers';

/**
 * A quiz step's questions on its card (docs/product.md#quiz-steps). The member chooses answers and presses 'Check my
 * answers'; the server scores the try. After a try the result says which questions were wrong and, for each answer
 * chosen, whether it was right and why; the member may change their answers and try again while tries are left.
 */
export function QuizStep({ stepId, quiz, readOnly }: { stepId: string; quiz: Quiz; readOnly: boolean }) {
  const id = useId();
  const state = useQuizState(stepId, !readOnly);
  const attempt = useTryQuiz(stepId);
  const [chosen, setChosen] = useState<QuizTry>({});
  const [problems, setProblems] = useState<AnswerProblem[]>([]);
  const [error, setError] = useState('');
  const resultRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // After a try, focus goes to its result (rendered with the answer), so the member hears it and reads on from there.
  const triedRef = useRef(false);
  useEffect(() => {
    if (!triedRef.current || state.data?.last === null) return;
    triedRef.current = false;
    resultRef.current?.focus();
  }, [state.data]);

  const data = state.data;
  const last = data?.last ?? null;
  const outOfTries = data?.triesLeft === 0 && !data.passed;
  const canTry = !readOnly && data !== undefined && !data.passed && !outOfTries;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = quizTryProblems(quiz, chosen);
    setProblems(found);
    setError('');
    if (found.length > 0) {
      const first = quiz.questions.find((q) => found.some((p) => p.fieldId === q.id));
      formRef.current?.querySelector<HTMLInputElement>(`[data-question="${first?.id}"]`)?.focus();
      return;
    }
    triedRef.current = true;
    attempt.mutate(chosen, {
      onError: (e) => {
        triedRef.current = false;
        setError(e.message);
      },
    });
  };

  if (!readOnly && state.isPending) return <p className="text-sm text-slate-600">Loading the quiz…</p>;
  if (!readOnly && state.isError) {
    return (
      <p role="alert" className="text-sm text-red-900">
        The quiz could not be loaded: {state.error.message}
      </p>
    );
  }
  const resultOf = (questionId: string) => last?.questions.find((q) => q.questionId === questionId);

  return (
    <div className="space-y-4">
      {data?.changedSinceTried && !data.passed ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          The questions of this quiz changed since you took it. Please take it again: your earlier tries do not count.
        </p>
      ) : null}
      {last ? (
        <section aria-labelledby={`${id}-result`} className="space-y-1 rounded-lg bg-slate-50 p-3">
          <h4 id={`${id}-result`} ref={resultRef} tabIndex={-1} className="text-sm font-semibold text-slate-900">
            {last.passed
              ? `You passed: ${last.correct} of ${last.total} right.`
              : `Not passed yet: ${last.correct} of ${last.total} right (you need ${last.passMark}%).`}
          </h4>
          {data && !data.passed ? (
            <p className="text-sm text-slate-700">
              {data.triesLeft === null
                ? 'Read the explanations below, change your answers and try again.'
                : data.triesLeft > 0
                  ? `Read the explanations below, change your answers and try again. Tries left: ${data.triesLeft}.`
                  : 'You have used all your tries. Please talk to your lead or an admin: they can help you with it.'}
            </p>
          ) : null}
        </section>
      ) : quiz.tries !== 'unlimited' ? (
        <p className="text-sm text-slate-700">
          You need {quiz.passMark}% to pass. You have {quiz.tries} {quiz.tries === 1 ? 'try' : 'tries'}.
        </p>
      ) : (
        <p className="text-sm text-slate-700">You need {quiz.passMark}% to pass. You can try as often as you like.</p>
      )}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Quiz">
        {quiz.questions.map((question, q) => {
          const result = resultOf(question.id);
          const problem = problems.find((p) => p.fieldId === question.id)?.message;
          const multiple = question.kind === 'multiple-choice';
          const feedbackId = `${id}-${question.id}-feedback`;
          return (
            <fieldset key={question.id} className="space-y-2" aria-describedby={feedbackId}>
              <legend className="text-sm font-semibold text-slate-900">
                {q + 1}. {question.text}
                {multiple ? <span className="font-normal text-slate-600"> (choose all that are right)</span> : null}
              </legend>
              <div>
                {question.answers.map((answer, a) => {
                  const checked = (chosen[question.id] ?? []).includes(answer.id);
                  return (
                    <label key={answer.id} className="flex items-center gap-2 py-1 text-sm">
                      <input
                        type={multiple ? 'checkbox' : 'radio'}
                        name={`${id}-${question.id}`}
                        className="size-4 accent-brand-700"
                        checked={checked}
                        disabled={!canTry || attempt.isPending}
                        data-question={a === 0 ? question.id : undefined}
                        onChange={(event) =>
                          setChosen((c) => {
                            const current = c[question.id] ?? [];
                            const next = !multiple
                              ? [answer.id]
                              : event.target.checked
                                ? [...current, answer.id]
                                : current.filter((other) => other !== answer.id);
                            return { ...c, [question.id]: next };
                          })
                        }
                      />
                      {answer.text}
                    </label>
                  );
                })}
              </div>
              <div id={feedbackId} className="space-y-1 text-sm">
                {problem ? <p className="font-medium text-red-800">{problem}</p> : null}
                {result ? (
                  <>
                    <p className={result.right ? 'font-medium text-emerald-800' : 'font-medium text-red-800'}>
                      {result.right ? 'Right.' : 'Not quite.'}
                    </p>
                    {result.chosen.map((c) => (
                      <p key={c.answerId} className="text-slate-700">
                        {question.answers.find((a) => a.id === c.answerId)?.text}: {c.correct ? 'right' : 'not right'}.{' '}
                        {c.explanation}
                      </p>
                    ))}
                  </>
                ) : null}
              </div>
            </fieldset>
          );
        })}
        <p role="status" aria-live="polite" className="text-sm font-medium text-red-800">
          {error || (problems.length > 0 ? 'Please answer every question.' : '')}
        </p>
        {canTry ? (
          <Button type="submit" disabled={attempt.isPending}>
            Check my answers
          </Button>
        ) : null}
      </form>
    </div>
  );
}
