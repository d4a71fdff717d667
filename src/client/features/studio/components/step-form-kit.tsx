import type { ReactNode } from 'react';
import { COMPLETE_BUTTON_TEXTS, type Step } from '@shared/content-schema';
import { optionalText } from '../utils/catalog-edits';

/** What each section of the step form is given (docs/product.md#scopes-and-steps). */
export interface StepSectionProps {
  step: Step;
  /** The step's place, e.g. `scopes[0].steps[2]` (field ids and problems use it). */
  path: string;
  onChange: (step: Step) => void;
}

/** A titled box of the step form. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-2 sm:p-4">
      <h4 className="text-base font-semibold text-slate-900">{title}</h4>
      {children}
    </section>
  );
}

/** The choices of a complete button's text: the default, then each text a step may use. */
export const textOptions = (defaultLabel: string) => [
  { value: '', label: defaultLabel },
  ...COMPLETE_BUTTON_TEXTS.map((t) => ({ value: t, label: t })),
];

/**
 * The edits a section makes to its step, each handing the whole changed step to `onChange`.
 * @param props the section's step, path and onChange
 * @returns `p(field)` (a field's path), `set(key, value)`, `text(key, value)` (an optional text: empty removes it),
 *   `content(key, value)` and `contentText(key, value)` (the same inside `step.content`)
 */
export function stepEdits({ step, path, onChange }: StepSectionProps) {
  return {
    p: (field: string) => `${path}.${field}`,
    set: <K extends keyof Step>(key: K, value: Step[K]) => onChange({ ...step, [key]: value }),
    text: (key: keyof Step, value: string) => onChange(optionalText(step, key, value)),
    content: <K extends keyof Step['content']>(key: K, value: Step['content'][K]) =>
      onChange({ ...step, content: { ...step.content, [key]: value } }),
    contentText: (key: 'checklistHeader' | 'acknowledgmentHeader', value: string) =>
      onChange({ ...step, content: optionalText(step.content, key, value) }),
  };
}
