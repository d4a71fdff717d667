import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldClass, labelClass } from '../utils/format';

interface LabelledFieldProps {
  /** The control's element id, which the label points at. */
  id: string;
  /** The label above it. */
  label: ReactNode;
  /** The classes of the box around the label and the control (its width in a row of fields). */
  className?: string | undefined;
  /** The control, with `id` and the console's `fieldClass`. */
  children: ReactNode;
}

/** A control of the admin console (an input, a select, a date field) with its label above it. */
export function LabelledField({ id, label, className, children }: LabelledFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** One choice of a {@link LabelledSelect}: the value it stands for and its words. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The choices of a filter: `all` first (the value '', no filter), then each value with its words.
 * @param all e.g. 'All statuses'
 * @param values the values, in the order offered
 * @param words a value's words (the value itself when omitted)
 */
export function filterOptions<T extends string>(
  all: string,
  values: readonly T[],
  words: (value: T) => string = (value) => value,
): SelectOption[] {
  return [{ value: '', label: all }, ...values.map((value) => ({ value, label: words(value) }))];
}

interface LabelledSelectProps {
  /** The select's element id, which its label points at. */
  id: string;
  /** The label above it. */
  label: ReactNode;
  value: string;
  /** Called with the value chosen. */
  onChange: (value: string) => void;
  /** The choices, in order (an "All …" choice first where there is one). */
  options: readonly SelectOption[];
  /** The classes of the box around the label and the select (its width in a row of fields). */
  className?: string | undefined;
  required?: boolean;
}

/** A select of the admin console with its label above it, in the console's look (40 px tall, visible focus). */
export function LabelledSelect({ id, label, value, onChange, options, className, required }: LabelledSelectProps) {
  return (
    <LabelledField id={id} label={label} className={className}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={fieldClass}
        required={required}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

type LabelledInputProps = {
  /** The input's element id, which its label points at. */
  id: string;
  /** The label above it. */
  label: ReactNode;
  /** The classes of the box around the label and the input (its width in a row of fields). */
  className?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/**
 * A text (e-mail, number, search) input of the admin console with its label above it, in the console's look; every
 * other prop (value, onChange, required, maxLength, type…) goes to the `<input>`.
 */
export function LabelledInput({ id, label, className, ...input }: LabelledInputProps) {
  return (
    <LabelledField id={id} label={label} className={className}>
      <input id={id} {...input} className={fieldClass} />
    </LabelledField>
  );
}
