/** The onboarding feature's public file: other features import only this (docs/architecture.md#client). */
export { StepCard } from './components/step-card';
export { StepIcon } from './components/step-icon';
export { roleAccentColor } from './utils/role';
export { EasyRead } from './components/step-content';
export {
  FormField,
  toFormAnswers,
  toFormDraft,
  type FormDraft,
  type FormDraftValue,
} from './components/widgets/form-field';
