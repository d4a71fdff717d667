/** The onboarding feature's public file: other features import only this (docs/architecture.md#client). */
export { StepCard } from './components/step-card';
export { StepIcon } from './components/step-icon';
export { roleAccentColor } from './utils/role';
