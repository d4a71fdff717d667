import type { Form } from '@shared/content-schema';
import type { FormAnswersState } from '../../hooks/use-form-answers';
import { FormField } from './form-field';

/**
 * A form's questions, each with its answer and problem, then the status line that says what became of a save
 * (docs/product.md#form-steps). A form step's card and a form before the first day show them alike.
 * @param stepId the step whose form it is (file questions upload to it)
 * @param form the form's questions
 * @param answers the form being filled in (useFormAnswers): its values, problems and notice
 * @param disabled whether the questions take no answer now (while saving, or read only)
 * @param onBusy told when a file question starts (true) and ends (false) an upload
 */
export function FormQuestions({
  stepId,
  form,
  answers,
  disabled,
  onBusy = () => undefined,
}: {
  stepId: string;
  form: Form;
  answers: Pick<FormAnswersState, 'values' | 'change' | 'errorOf' | 'notice'>;
  disabled: boolean;
  onBusy?: (busy: boolean) => void;
}) {
  return (
    <>
      {form.fields.map((field) => (
        <FormField
          key={field.id}
          stepId={stepId}
          field={field}
          value={answers.values[field.id]}
          error={answers.errorOf(field.id)}
          disabled={disabled}
          onChange={(value) => answers.change(field.id, value)}
          onBusy={onBusy}
        />
      ))}
      <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
        {answers.notice}
      </p>
    </>
  );
}
