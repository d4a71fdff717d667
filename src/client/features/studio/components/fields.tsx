import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { cn } from '@/lib/cn';

/**
 * The studio's form fields: a label, an optional hint, and the problem of that place (docs/product.md#content-studio:
 * field by field, in words that say what to change). Every field carries its place in the content check's notation
 * (`scopes[0].steps[2].title`) as its element id, so a problem's link can focus it.
 */

/** The element id of the field at `path` (in the studio, one role is on screen at a time). */
export function fieldDomId(path: string): string {
  return `studio-field-${path.replace(/[^a-zA-Z0-9_-]/gu, '_')}`;
}

/** The problems of the role on screen, by path. */
export const ProblemsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The problem of the field at `path` (the content check's notation) of the role on screen, if any. */
export function useProblem(path: string): string | undefined {
  return useContext(ProblemsContext).get(path);
}

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 aria-[invalid=true]:border-red-700';
const labelClass = 'block text-sm font-medium text-slate-800';

interface FieldFrameProps {
  path: string;
  label: string;
  hint?: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
  className?: string;
}

function FieldFrame({ path, label, hint, children, className }: FieldFrameProps) {
  const problem = useProblem(path);
  const id = fieldDomId(path);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': problem !== undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  multiline?: boolean;
  type?: 'text' | 'url' | 'email';
  className?: string;
  placeholder?: string;
  /** The id of a `<datalist>` of suggestions. */
  list?: string;
}

/** A text input (or a textarea with `multiline`). */
export function TextField({
  path,
  label,
  value,
  onChange,
  hint,
  multiline = false,
  type = 'text',
  className,
  placeholder,
  list,
}: TextFieldProps) {
  return (
    <FieldFrame path={path} label={label} hint={hint} className={className}>
      {(props) =>
        multiline ? (
          <textarea
            {...props}
            value={value}
            rows={3}
            onChange={(e) => onChange(e.target.value)}
            className={inputClass}
            placeholder={placeholder}
          />
        ) : (
          <input
            {...props}
            list={list}
            type={type}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={cn(inputClass, 'h-10')}
            placeholder={placeholder}
          />
        )
      }
    </FieldFrame>
  );
}

/**
 * A day (`YYYY-MM-DD`, or '' for none), typed as the organisation writes dates ("16/11/2026" in en-GB), with the day
 * in words under it: the shared date field (docs/product.md#dates-and-times), not the browser's "mm/dd/yyyy".
 */
export function DayField({
  path,
  label,
  value,
  onChange,
  hint,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  return (
    <FieldFrame path={path} label={label} hint={hint}>
      {(props) => (
        <DateField
          id={props.id}
          value={value}
          onChange={onChange}
          invalid={props['aria-invalid']}
          describedBy={props['aria-describedby']}
          className={cn(inputClass, 'h-10')}
        />
      )}
    </FieldFrame>
  );
}

interface NumberFieldProps {
  path: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  hint?: string;
  min?: number;
  max?: number;
}

/** A whole number, or nothing (empty). */
export function NumberField({ path, label, value, onChange, hint, min, max }: NumberFieldProps) {
  return (
    <FieldFrame path={path} label={label} hint={hint}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          className={cn(inputClass, 'h-10 w-24 max-w-full')}
        />
      )}
    </FieldFrame>
  );
}

interface SelectFieldProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  hint?: string;
  className?: string;
}

/** A choice among fixed values. */
export function SelectField({ path, label, value, onChange, options, hint, className }: SelectFieldProps) {
  return (
    <FieldFrame path={path} label={label} hint={hint} className={className}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClass, 'h-10')}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface CheckboxFieldProps {
  path: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}

/** A yes/no setting. */
export function CheckboxField({ path, label, checked, onChange, hint }: CheckboxFieldProps) {
  const problem = useProblem(path);
  const id = fieldDomId(path);
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={problem !== undefined}
          aria-describedby={problem ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className="mt-0.5 size-4 accent-brand-700"
        />
        <label htmlFor={id} className="py-0.5 text-sm text-slate-800">
          {label}
          {hint ? (
            <span id={`${id}-hint`} className="block text-xs text-slate-600">
              {hint}
            </span>
          ) : null}
        </label>
      </div>
      {problem ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

interface ListEditorProps<T> {
  /** The list's path, e.g. `scopes[0].steps[1].content.tasks`. */
  path: string;
  /** The list's heading, e.g. 'Tasks'. */
  label: string;
  /** One item's name for the buttons, e.g. 'task'. */
  itemName: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** A new item for 'Add'. */
  create: () => T;
  /** The fields of item `index` at `itemPath`. */
  renderItem: (item: T, change: (item: T) => void, itemPath: string, index: number) => ReactNode;
  hint?: string;
}

/**
 * A list the editor adds to, removes from and reorders (with buttons, keyboard-friendly): tasks, details, links,
 * contacts, checklist and acknowledgment items, media.
 */
export function ListEditor<T>({
  path,
  label,
  itemName,
  items,
  onChange,
  create,
  renderItem,
  hint,
}: ListEditorProps<T>) {
  const headingId = useId();
  const problem = useProblem(path);
  return (
    <fieldset aria-labelledby={headingId} className="space-y-2 rounded-xl border border-slate-200 p-2 sm:p-3">
      <legend id={headingId} className="max-w-full px-1 text-sm font-semibold text-slate-900">
        {label}
      </legend>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {problem ? (
        <p id={fieldDomId(path)} tabIndex={-1} className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      {items.length === 0 ? <p className="text-sm text-slate-600">No {itemName}s yet.</p> : null}
      <ol className="space-y-2">
        {items.map((item, i) => (
          // Items have no id of their own (tasks, links): their place is their identity while editing.
          <li key={i} className="flex items-start gap-2 rounded-lg bg-slate-50 p-2">
            <div className="min-w-0 flex-1 space-y-2">
              {renderItem(item, (next) => onChange(items.map((x, j) => (j === i ? next : x))), `${path}[${i}]`, i)}
            </div>
            <div className="flex shrink-0 flex-col gap-1">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${itemName} ${i + 1} up`}
                disabled={i === 0}
                onClick={() => onChange(swap(items, i, i - 1))}
              >
                <ArrowUp />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${itemName} ${i + 1} down`}
                disabled={i === items.length - 1}
                onClick={() => onChange(swap(items, i, i + 1))}
              >
                <ArrowDown />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${itemName} ${i + 1}`}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
              >
                <Trash2 />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button variant="outline" size="sm" onClick={() => onChange([...items, create()])}>
        <Plus aria-hidden="true" /> Add {itemName}
      </Button>
    </fieldset>
  );
}

function swap<T>(items: readonly T[], a: number, b: number): T[] {
  const next = [...items];
  const x = next[a];
  const y = next[b];
  if (x === undefined || y === undefined) return next;
  next[a] = y;
  next[b] = x;
  return next;
}

/** Settings an editor rarely needs (ids), folded away under 'Advanced'. */
export function Advanced({ children }: { children: ReactNode }) {
  return (
    <details className="rounded-xl border border-slate-200 p-2 sm:p-3">
      <summary className="cursor-pointer py-1 text-sm font-semibold text-slate-800">Advanced</summary>
      <div className="mt-3 space-y-3">{children}</div>
    </details>
  );
}
