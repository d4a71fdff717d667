import type { RoleConfiguration, Scope } from '@shared/content-schema';
import { parseInclude } from '@shared/roles';
import Trash2 from 'lucide-react/icons/trash';
import { Button } from '@/components/ui/button';
import { CheckboxField, fieldDomId, useProblem } from './fields';

/** 'a', 'a and b', 'a, b and c'. */
const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

/**
 * What a scope's `include` list shows, in words (docs/product.md#editing-in-the-browser): 'Finance members also see
 * every Volunteer step here, before this scope’s own steps.'
 * @param role the role the scope belongs to
 * @param scope the scope
 * @param catalog every role, to name included roles and scopes by their display names and titles
 * @returns the sentence, or null when the scope includes nothing
 */
export function includeInWords(role: RoleConfiguration, scope: Scope, catalog: readonly RoleConfiguration[]) {
  if (scope.include.length === 0) return null;
  const parts = scope.include.map((entry) => {
    const { role: key, scope: scopeId } = parseInclude(entry);
    const other = catalog.find((r) => r.key === key);
    const name = other ? other.displayName || other.key : `‘${key}’`;
    if (scopeId === undefined) return `every ${name} step`;
    const title = other?.scopes.find((s) => s.id === scopeId)?.title ?? scopeId;
    return `the ${name} steps of ‘${title}’`;
  });
  return `${role.displayName || role.key} members also see ${joinAnd(parts)} here, before this scope’s own steps.`;
}

interface IncludeChooserProps {
  /** The include list's path (`scopes[0].include`), for problems and field ids. */
  path: string;
  role: RoleConfiguration;
  scope: Scope;
  catalog: readonly RoleConfiguration[];
  onChange: (include: string[]) => void;
}

/**
 * A scope's `include` list chosen, not typed (docs/product.md#editing-in-the-browser): a box per other role ('Every
 * Volunteer step') and, for a role with several scopes, one per scope; the choice said in a sentence. Entries that name
 * no role of the catalog any more are listed to be removed.
 */
export function IncludeChooser({ path, role, scope, catalog, onChange }: IncludeChooserProps) {
  const problem = useProblem(path);
  const include = scope.include;
  const at = (entry: string) => include.indexOf(entry);
  const toggle = (entry: string, on: boolean) =>
    onChange(on ? [...include, entry] : include.filter((x) => x !== entry));
  const known = new Set(
    catalog.filter((r) => r.key !== role.key).flatMap((r) => [r.key, ...r.scopes.map((s) => `${r.key}/${s.id}`)]),
  );
  const unknown = include.map((entry, i) => ({ entry, i })).filter(({ entry }) => !known.has(entry));
  const sentence = includeInWords(role, scope, catalog);
  const fieldPath = (entry: string, option: string) => (at(entry) >= 0 ? `${path}[${at(entry)}]` : option);
  return (
    <fieldset className="space-y-2 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Also show the steps of other roles</legend>
      <p className="text-xs text-slate-600">
        Members of {role.displayName || role.key} see the steps ticked here in this scope, before its own steps (in the
        order they were ticked). Steps they already saw earlier are not shown twice.
      </p>
      {problem ? (
        <p id={fieldDomId(path)} tabIndex={-1} className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      <ul className="grid gap-2 sm:grid-cols-2">
        {catalog.map((other, ri) => {
          if (other.key === role.key) return null;
          const name = other.displayName || other.key;
          const whole = at(other.key) >= 0;
          const scoped = other.scopes.filter((s) => at(`${other.key}/${s.id}`) >= 0);
          const showScopes = !whole && (other.scopes.length > 1 || scoped.length > 0);
          return (
            <li key={`${ri}:${other.key}`} className="space-y-1">
              <CheckboxField
                path={fieldPath(other.key, `${path}-role-${ri}`)}
                label={`Every ${name} step`}
                checked={whole}
                onChange={(on) =>
                  // The whole role replaces the single scopes of it that were ticked.
                  onChange(
                    on
                      ? [...include.filter((x) => parseInclude(x).role !== other.key), other.key]
                      : include.filter((x) => x !== other.key),
                  )
                }
              />
              {showScopes ? (
                <ul className="ml-6 space-y-1">
                  {other.scopes.map((s, si) => {
                    const entry = `${other.key}/${s.id}`;
                    return (
                      <li key={`${si}:${s.id}`}>
                        <CheckboxField
                          path={fieldPath(entry, `${path}-role-${ri}-scope-${si}`)}
                          label={`Only the ${name} steps of ‘${s.title || s.id}’`}
                          checked={at(entry) >= 0}
                          onChange={(on) => toggle(entry, on)}
                        />
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      {unknown.map(({ entry, i }) => (
        <UnknownInclude
          key={`${i}:${entry}`}
          path={`${path}[${i}]`}
          entry={entry}
          onRemove={() => toggle(entry, false)}
        />
      ))}
      <p className="text-sm text-slate-700" aria-live="polite">
        {sentence ?? `${role.displayName || role.key} members see only this scope’s own steps here.`}
      </p>
    </fieldset>
  );
}

/** An include entry that names no role or scope of the catalog (a deleted role): said, with a button to remove it. */
function UnknownInclude({ path, entry, onRemove }: { path: string; entry: string; onRemove: () => void }) {
  const problem = useProblem(path);
  return (
    <div id={fieldDomId(path)} tabIndex={-1} className="flex items-center gap-2 rounded-lg bg-amber-50 p-2 text-sm">
      <span className="flex-1">
        Also shows ‘{entry}’, which is no role or scope of this content.
        {problem ? <span className="block font-medium text-red-800">{problem}</span> : null}
      </span>
      <Button variant="ghost" size="sm" onClick={onRemove}>
        <Trash2 aria-hidden="true" /> Remove
      </Button>
    </div>
  );
}
