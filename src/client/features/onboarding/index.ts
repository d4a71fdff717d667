/** The onboarding feature's public file: other features import only this (docs/architecture.md#client). */
export { StepCard } from './components/step-card';
export { StepIcon } from './components/step-icon';
export { roleAccentColor } from './utils/role';
export { EasyRead } from './components/step-content';
export { FormQuestions } from './components/widgets/form-questions';
export { useFormAnswers, type FormAnswersState, type FormSaving } from './hooks/use-form-answers';
