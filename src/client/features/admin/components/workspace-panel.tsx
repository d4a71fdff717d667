import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  useGroupRules,
  useGroupsCheck,
  useOrgUnitRules,
  useSaveGroupRules,
  useSaveOrgUnitRules,
} from '@/features/workspace';
import { toast } from '@/lib/toasts';
import { useDepartments } from '../api/departments';
import { useAdminRoles } from '../api/get-admin-roles';
import { formatDateTime } from '../utils/format';
import { filterOptions, LabelledInput, LabelledSelect } from './fields';

/** One row as the form edits it: '' stands for "any". */
interface Row {
  roleKey: string;
  department: string;
  target: string;
}

const ANY = '';

/** A saved rule: a role and/or department (null: any) to a target (an org unit path, a group address) named `K`. */
type Rule<K extends string> = { roleKey: string | null; department: string | null } & Record<K, string>;

/** The saved rules as the form's rows ('' for "any"); undefined while they load. */
function rowsOf<K extends string>(rules: readonly Rule<K>[] | undefined, target: K): Row[] | undefined {
  return rules?.map((r) => ({ roleKey: r.roleKey ?? ANY, department: r.department ?? ANY, target: r[target] }));
}

/** The form's rows as rules to save (null for "any"), the target trimmed and named `target`. */
function rulesOf<K extends string>(rows: readonly Row[], target: K): Rule<K>[] {
  return rows.map(
    (r) =>
      ({
        roleKey: r.roleKey === ANY ? null : r.roleKey,
        department: r.department === ANY ? null : r.department,
        [target]: r.target.trim(),
      }) as Rule<K>,
  );
}

/** What a rule card says: its title, what its rows do, and its target field's label and example. */
interface RuleWords {
  title: string;
  intro: string;
  targetLabel: string;
  targetHint: string;
}

const ORG_UNIT_WORDS: RuleWords = {
  title: 'Where new accounts go',
  intro:
    'Each new Google account goes in an organisational unit (org unit) of Google Workspace. The most exact row wins: role and department first, then role, then department, then a row for anyone. With no row, the account goes in the top unit, /.',
  targetLabel: 'Org unit',
  targetHint: '/Volunteers',
};

const GROUP_WORDS: RuleWords = {
  title: 'Groups',
  intro:
    "Members are added to every group whose row matches their role and department, and taken out of the other groups listed here. The app shows the changes on the member's page first and makes them only when you apply them. Groups not listed here are never touched.",
  targetLabel: 'Group address',
  targetHint: 'volunteers@inspired2uplift.org',
};

/**
 * The Google Workspace tab of the admin console (docs/product.md#google-workspace-accounts,
 * docs/product.md#google-workspace-groups): where new accounts go (role/department → org unit), which groups each
 * role and department belongs in (role/department → group address), and the last nightly check of the groups.
 */
export function WorkspacePanel() {
  const orgUnits = useOrgUnitRules();
  const saveOrgUnits = useSaveOrgUnitRules();
  const groups = useGroupRules();
  const saveGroups = useSaveGroupRules();
  return (
    <div className="max-w-4xl space-y-6">
      <p className="text-slate-700">
        These settings are used when the app creates, changes or suspends Google accounts. The app does that only once
        whoever runs the server has turned it on (the launch checklist says whether it is on).
      </p>
      <RuleCard
        {...ORG_UNIT_WORDS}
        rows={rowsOf(orgUnits.data?.rules, 'orgUnitPath')}
        loadError={orgUnits.error?.message}
        saving={saveOrgUnits.isPending}
        onSave={(rows) => saveOrgUnits.mutateAsync({ rules: rulesOf(rows, 'orgUnitPath') })}
      />
      <RuleCard
        {...GROUP_WORDS}
        rows={rowsOf(groups.data?.rules, 'groupEmail')}
        loadError={groups.error?.message}
        saving={saveGroups.isPending}
        onSave={(rows) => saveGroups.mutateAsync({ rules: rulesOf(rows, 'groupEmail') })}
      />
      <GroupsCheckCard />
    </div>
  );
}

function RuleCard({
  title,
  intro,
  targetLabel,
  targetHint,
  rows: loaded,
  loadError,
  saving,
  onSave,
}: RuleWords & {
  rows: Row[] | undefined;
  loadError: string | undefined;
  saving: boolean;
  onSave: (rows: Row[]) => Promise<unknown>;
}) {
  const id = useId();
  const roles = useAdminRoles();
  const departments = useDepartments();
  /** The rows as edited; undefined until the first change (the saved rows are shown). */
  const [edited, setRows] = useState<Row[] | undefined>();
  const [error, setError] = useState<string | null>(null);
  const rows = edited ?? loaded;
  const headingId = `${id}-heading`;
  if (loadError !== undefined) {
    return (
      <Card className="p-5">
        <h3 className="text-lg font-semibold">{title}</h3>
        <p role="alert" className="text-sm text-red-700">
          {loadError}
        </p>
      </Card>
    );
  }
  if (rows === undefined) {
    return (
      <Card className="p-5">
        <h3 className="text-lg font-semibold">{title}</h3>
        <p role="status" className="text-sm text-slate-600">
          Loading…
        </p>
      </Card>
    );
  }
  const roleOptions = roles.data?.roles ?? [];
  const departmentNames = (departments.data?.items ?? []).filter((d) => !d.retired).map((d) => d.name);
  const change = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    onSave(rows)
      .then(() => {
        setRows(undefined);
        toast.success(`Saved: ${title}`);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <Card className="space-y-3 p-5">
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm text-slate-700">{intro}</p>
      <form onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-3">
        {rows.length === 0 ? <p className="text-sm text-slate-600">No rows yet.</p> : null}
        <ul className="space-y-3">
          {rows.map((row, index) => {
            const rowId = `${id}-${index}`;
            const departmentChoices =
              row.department === ANY || departmentNames.includes(row.department)
                ? departmentNames
                : [...departmentNames, row.department];
            return (
              <li
                key={rowId}
                aria-label={`Row ${index + 1}`}
                className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1.3fr_auto] sm:items-end"
              >
                <LabelledSelect
                  id={`${rowId}-role`}
                  label="Role"
                  value={row.roleKey}
                  onChange={(roleKey) => change(index, { roleKey })}
                  options={[
                    { value: ANY, label: 'Any role' },
                    ...roleOptions.map((r) => ({ value: r.key, label: r.displayName })),
                    ...(row.roleKey !== ANY && !roleOptions.some((r) => r.key === row.roleKey)
                      ? [{ value: row.roleKey, label: row.roleKey }]
                      : []),
                  ]}
                />
                <LabelledSelect
                  id={`${rowId}-department`}
                  label="Department"
                  value={row.department}
                  onChange={(department) => change(index, { department })}
                  options={filterOptions('Any department', departmentChoices)}
                />
                <LabelledInput
                  id={`${rowId}-target`}
                  label={targetLabel}
                  required
                  value={row.target}
                  placeholder={targetHint}
                  onChange={(e) => change(index, { target: e.target.value })}
                />
                <Button
                  type="button"
                  variant="outline"
                  aria-label={`Remove row ${index + 1}`}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            variant="outline"
            onClick={() => setRows([...rows, { roleKey: ANY, department: ANY, target: '' }])}
          >
            Add a row
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
        {error !== null ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

function GroupsCheckCard() {
  const check = useGroupsCheck();
  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold">Nightly check of the groups</h3>
      <p className="text-sm text-slate-700">
        Every night the app compares the groups listed above in Google with what the rows say, and lists here what
        someone changed by hand in Google. It changes nothing: decide for each whether to fix the row, or the group.
      </p>
      {check.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading…
        </p>
      ) : check.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {check.error.message}
        </p>
      ) : check.data === null ? (
        <p className="text-sm text-slate-700">No check has run yet.</p>
      ) : (
        <>
          <p className="text-sm text-slate-800">
            Last checked {formatDateTime(check.data.checkedAt)}:{' '}
            {check.data.differences.length === 0
              ? 'everyone is in the groups the rows say.'
              : `${check.data.differences.length + check.data.more} ${check.data.differences.length + check.data.more === 1 ? 'difference' : 'differences'}.`}
          </p>
          {check.data.differences.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
              {check.data.differences.map((d) => (
                <li key={`${d.group} ${d.email ?? ''} ${d.difference}`}>
                  {d.difference === 'no-group'
                    ? `${d.group} does not exist in Google Workspace.`
                    : d.difference === 'missing'
                      ? `${d.email ?? ''} is not in ${d.group}, but the rows say they should be.`
                      : `${d.email ?? ''} is in ${d.group}, but the rows say they should not be.`}
                </li>
              ))}
            </ul>
          ) : null}
          {check.data.more > 0 ? <p className="text-sm text-slate-700">And {check.data.more} more.</p> : null}
        </>
      )}
    </Card>
  );
}
