import { readImportDate, shortDate } from '@shared/read-day';
import { useId, useState } from 'react';
import { dateSettings } from '@/lib/dates';

interface DateFieldProps {
  id: string;
  /** The day, YYYY-MM-DD, or '' for none. */
  value: string;
  /** Called with the day read from what was typed (YYYY-MM-DD), or '' while it reads as no date. */
  onChange: (day: string) => void;
  required?: boolean;
  className?: string;
  /** Marks the field invalid from outside (a problem the form found), besides text that reads as no date. */
  invalid?: boolean;
  /** Ids of further texts that describe the field (a hint, a problem), read after the day in words. */
  describedBy?: string | undefined;
}

/**
 * A date typed as the organisation writes dates (docs/product.md#dates-and-times): "16/11/2026" in en-GB, not the
 * browser's "mm/dd/yyyy"; ISO and month names are read too, as the CSV import reads them. Under the field the day is
 * said in words ("Monday, 16 November 2026"), or what to write when it reads as no date.
 */
export function DateField({
  id,
  value,
  onChange,
  required = false,
  className = '',
  invalid = false,
  describedBy,
}: DateFieldProps) {
  const { locale } = dateSettings();
  const example = shortDate('2026-11-16', locale);
  const [text, setText] = useState(value === '' ? '' : shortDate(value, locale));
  const [shown, setShown] = useState(value);
  const hintId = useId();
  const read = text.trim() === '' ? null : readImportDate(text, locale);
  // A day set from outside (a draft discarded, another version restored) replaces what was typed; a day that came
  // from the typing itself leaves the typing as it is.
  if (value !== shown) {
    setShown(value);
    if ((read?.date ?? '') !== value) setText(value === '' ? '' : shortDate(value, locale));
  }
  const hint =
    text.trim() === ''
      ? `Write the date like ${example}.`
      : read === null
        ? `Not a date: write it like ${example}.`
        : read.said;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={example}
        required={required}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || (text.trim() !== '' && read === null) ? true : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const day = e.target.value.trim() === '' ? null : readImportDate(e.target.value, locale);
          onChange(day?.date ?? '');
        }}
        className={className}
      />
      <span
        id={hintId}
        className={`mt-1 block text-xs ${read === null && text.trim() !== '' ? 'text-red-700' : 'text-slate-600'}`}
      >
        {hint}
      </span>
    </>
  );
}
