import { contrastRatio, roleBadgeColors, textColorFor } from '@shared/colors';
import { ICON_NAMES, type RoleColors, type RoleConfiguration } from '@shared/content-schema';
import { Button } from '@/components/ui/button';
import { Advanced, CheckboxField, fieldDomId, ListEditor, SelectField, TextField } from './fields';

const HEX = /^#[0-9a-fA-F]{6}$/u;

/** The minimum contrast of text on a role colour (docs/product.md#role-colours-and-labels: WCAG AA). */
export const ROLE_COLOR_MIN_CONTRAST = 4.5;

/**
 * The contrast check of a role colour, with the rule of docs/product.md#role-colours-and-labels (light text under
 * luminance 0.5, dark otherwise; at least 4.5:1), as the content check's catalog test applies it.
 * @returns null for a colour that is not `#rrggbb` yet, else the text colour and the ratio
 */
export function colorContrast(color: string): { text: string; ratio: number; ok: boolean } | null {
  if (!HEX.test(color)) return null;
  const text = textColorFor(color);
  const ratio = contrastRatio(color, text);
  return { text, ratio, ok: ratio >= ROLE_COLOR_MIN_CONTRAST };
}

function ColorField({
  path,
  label,
  value,
  onChange,
  optional,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  optional: boolean;
}) {
  const check = colorContrast(value);
  const badge = check ? roleBadgeColors(value) : null;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          path={path}
          label={label}
          value={value}
          onChange={onChange}
          placeholder="#1d4ed8"
          className="flex-1"
          hint={optional ? 'Optional.' : undefined}
        />
        <input
          type="color"
          aria-label={`Pick ${label.toLowerCase()}`}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className={`${optional ? 'mb-5' : 'mb-0.5'} h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1`}
        />
      </div>
      {check && badge ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
          <span
            className="rounded-full px-2.5 py-0.5 text-xs font-semibold"
            style={{ backgroundColor: value, color: check.text }}
          >
            Sample
          </span>
          {check.ok ? (
            <span className="text-emerald-800">
              Readable: {check.text === '#ffffff' ? 'white' : 'dark'} text reaches {check.ratio.toFixed(1)}:1 (at least
              4.5:1 needed).
            </span>
          ) : (
            <span className="font-medium text-red-800">
              Hard to read: {check.text === '#ffffff' ? 'white' : 'dark'} text reaches only {check.ratio.toFixed(1)}:1.
              Choose a{check.text === '#ffffff' ? ' darker' : ' lighter'} colour (4.5:1 needed).
            </span>
          )}
        </p>
      ) : null}
    </div>
  );
}

/** 'A', 'A and B', 'A, B and C'. */
const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

interface RoleFormProps {
  role: RoleConfiguration;
  /** Every role of the catalog (key and display name), for inherits and parent department, named by display name. */
  roles: readonly { key: string; displayName: string }[];
  onChange: (role: RoleConfiguration) => void;
  /**
   * Whether the published content has this role (by the key it is renamed from, or its own): changing its key is then a
   * rename that keeps its members (docs/product.md#renaming-a-step).
   */
  published?: boolean;
}

/**
 * A role configuration's own settings (docs/product.md#roles): display name, version, icon, colours with their
 * contrast check, aliases, the roles it inherits (named by display name, and said in a sentence), whether it is a
 * department or belongs to one, and its key, under 'Advanced' (docs/product.md#editing-in-the-browser), where a
 * published role's changed key shows as a rename with 'Undo the rename' (docs/product.md#renaming-a-step).
 */
export function RoleForm({ role, roles, onChange, published = false }: RoleFormProps) {
  const others = roles.filter((r) => r.key !== role.key);
  const nameOf = (key: string) => roles.find((r) => r.key === key)?.displayName ?? key;
  const setColor = (key: keyof RoleColors, value: string) => {
    const colors = { ...role.colors };
    if (value === '' && key !== 'baseColor') delete colors[key];
    else colors[key] = value;
    onChange({ ...role, colors });
  };
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          path="displayName"
          label="Display name"
          value={role.displayName}
          onChange={(v) => onChange({ ...role, displayName: v })}
        />
        <TextField
          path="version"
          label="Version"
          value={role.version}
          onChange={(v) => onChange({ ...role, version: v })}
          hint='Shown in the footer, e.g. "1.2".'
        />
        <SelectField
          path="icon"
          label="Icon"
          value={role.icon}
          onChange={(v) => onChange({ ...role, icon: v })}
          options={ICON_NAMES.map((n) => ({ value: n, label: n }))}
        />
      </div>
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">Colours</legend>
        <ColorField
          path="colors.baseColor"
          label="Base colour"
          value={role.colors.baseColor}
          onChange={(v) => setColor('baseColor', v)}
          optional={false}
        />
        <ColorField
          path="colors.secondaryColor"
          label="Secondary colour"
          value={role.colors.secondaryColor ?? ''}
          onChange={(v) => setColor('secondaryColor', v)}
          optional
        />
        <ColorField
          path="colors.gradientStartColor"
          label="Gradient start colour"
          value={role.colors.gradientStartColor ?? ''}
          onChange={(v) => setColor('gradientStartColor', v)}
          optional
        />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <CheckboxField
          path="isDepartment"
          label="This role is a department"
          checked={role.isDepartment}
          onChange={(v) => onChange({ ...role, isDepartment: v })}
        />
        <SelectField
          path="parentDepartment"
          label="Belongs to the department"
          value={role.parentDepartment ?? ''}
          onChange={(v) => onChange({ ...role, parentDepartment: v === '' ? null : v })}
          options={[{ value: '', label: 'None' }, ...others.map((r) => ({ value: r.key, label: r.displayName }))]}
        />
      </div>
      <fieldset className="space-y-2 rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">
          Counts as these roles for shared passwords
        </legend>
        <p className="text-xs text-slate-600">
          Members of this role may see the shared passwords these roles may see. It adds no steps: a scope's 'Also show
          the steps of other roles' does.
        </p>
        <div className="grid gap-1 sm:grid-cols-3">
          {others.map(({ key: k, displayName }, i) => (
            <CheckboxField
              key={k}
              path={`inherits-option-${i}`}
              label={displayName}
              checked={role.inherits.includes(k)}
              onChange={(on) =>
                onChange({ ...role, inherits: on ? [...role.inherits, k] : role.inherits.filter((x) => x !== k) })
              }
            />
          ))}
        </div>
        {role.inherits.length > 0 ? (
          <p className="text-sm text-slate-700">
            {role.displayName} members count as {joinAnd(role.inherits.map(nameOf))} for shared passwords.
          </p>
        ) : null}
      </fieldset>
      <ListEditor<string>
        path="aliases"
        label="Aliases"
        itemName="alias"
        hint="Other words for this role in member records and job titles, e.g. 'treasurer' for Finance."
        items={role.aliases}
        onChange={(v) => onChange({ ...role, aliases: v })}
        create={() => ''}
        renderItem={(item, change, itemPath, i) => (
          <TextField path={itemPath} label={`Alias ${i + 1}`} value={item} onChange={change} />
        )}
      />
      <Advanced>
        <TextField
          path="key"
          label="Key"
          value={role.key}
          onChange={(v) => onChange({ ...role, key: v })}
          hint={
            published
              ? "The name member records and other roles use for this role: lower-case letters and spaces. Changing it renames the role: when you publish, its members' records and team tasks move to the new key."
              : 'The name member records and other roles use for this role: lower-case letters and spaces.'
          }
        />
        {role.renamedFrom !== undefined ? (
          <p id={fieldDomId('renamedFrom')} className="text-sm text-slate-700">
            Renamed from “{role.renamedFrom}”: its members keep the role and their progress under “{role.key}” when you
            publish.{' '}
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => onChange({ ...role, key: role.renamedFrom ?? role.key })}
            >
              Undo the rename
            </Button>
          </p>
        ) : null}
      </Advanced>
    </div>
  );
}
