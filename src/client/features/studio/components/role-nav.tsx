import { roleColorsOrFallback } from '@shared/colors';
import type { RoleConfiguration } from '@shared/content-schema';
import type { StudioProblem } from '@shared/studio-api';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import Users from 'lucide-react/icons/users';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { relationsInWords } from '../utils/role-words';

/**
 * The studio's list of role configurations (docs/product.md#editing-in-the-browser): each with its colour, its number
 * of problems and its relations in words; the chosen one marked; 'New role' below.
 */
export function RoleNav({
  catalog,
  roleIndex,
  problems,
  hidden,
  selectRole,
  addRole,
}: {
  catalog: readonly RoleConfiguration[];
  roleIndex: number;
  problems: readonly StudioProblem[];
  /** While a step is open, its form takes the whole width. */
  hidden: boolean;
  selectRole: (index: number) => void;
  addRole: () => void;
}) {
  return (
    <nav aria-label="Roles" className={cn('space-y-2', hidden && 'hidden')}>
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Roles</h3>
      <ul className="space-y-1 max-lg:max-h-72 max-lg:overflow-y-auto max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-1">
        {catalog.map((r, i) => {
          const count = problems.filter((p) => p.role === r.key).length;
          const color = roleColorsOrFallback(r.key, r.colors).baseColor;
          return (
            <li key={`${i}:${r.key}`}>
              <button
                type="button"
                aria-current={i === roleIndex ? 'true' : undefined}
                onClick={() => selectRole(i)}
                className={cn(
                  'flex w-full items-start gap-2 rounded-xl border px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-brand-700',
                  i === roleIndex ? 'border-brand-700 bg-brand-50' : 'border-transparent hover:bg-white',
                )}
              >
                <span
                  aria-hidden="true"
                  className="mt-1 size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: color }}
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">
                    {r.displayName || r.key}
                    {count > 0 ? (
                      <span className="ml-1 text-xs font-semibold text-red-800">
                        ({count} {count === 1 ? 'problem' : 'problems'})
                      </span>
                    ) : null}
                  </span>
                  <span className="block text-xs text-slate-600">{relationsInWords(r, catalog)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" size="sm" onClick={addRole}>
        <Plus aria-hidden="true" /> New role
      </Button>
    </nav>
  );
}

/**
 * The chosen role's heading: its name, how many members have it, and 'Delete role' (possible only once no member has
 * it, and never for Volunteer, everyone's fallback role).
 */
export function RoleHeading({
  role,
  roleMembers,
  canDeleteRole,
  onDelete,
}: {
  role: RoleConfiguration;
  /** Members with the role's published key; undefined while counting. */
  roleMembers: number | undefined;
  canDeleteRole: boolean;
  onDelete: () => void;
}) {
  return (
    <section aria-labelledby="studio-role-heading" className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="studio-role-heading" tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
          {role.displayName || role.key}
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Users aria-hidden="true" className="size-4" />
          {roleMembers === undefined
            ? 'Counting members…'
            : `${roleMembers} ${roleMembers === 1 ? 'member' : 'members'}`}
          <Button
            size="sm"
            variant="outline"
            disabled={!canDeleteRole}
            title={
              canDeleteRole
                ? undefined
                : role.key === 'volunteer'
                  ? 'Volunteer is everyone’s fallback role.'
                  : 'Members have this role.'
            }
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" /> Delete role
          </Button>
        </div>
      </div>
      {!canDeleteRole && roleMembers !== undefined && roleMembers > 0 ? (
        <p className="text-xs text-slate-600">
          A role can be deleted once no member has it: give its members another role first.
        </p>
      ) : null}
    </section>
  );
}
