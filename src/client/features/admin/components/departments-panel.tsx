import type { Department, Departments } from '@shared/departments-api';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toasts';
import { useChangeDepartments, useDepartments, type DepartmentChange } from '../api/departments';
import { LabelledInput, LabelledSelect } from './fields';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '3 members, 1 lead' / 'No members'. */
function countsOf(d: { members: number; leads: number }): string {
  const parts = [
    d.members > 0 ? plural(d.members, 'member', 'members') : null,
    d.leads > 0 ? plural(d.leads, 'lead', 'leads') : null,
  ].filter((p) => p !== null);
  return parts.length === 0 ? 'No members' : parts.join(', ');
}

/**
 * The departments list (admins only; docs/product.md#departments): every department with how many members have it,
 * 'Rename' (the new name applies to every member and lead at once), 'Retire' / 'Offer again', a form to add one, and
 * the departments members have that are not in the list (typed before the list existed), each with 'Add to the list'
 * or 'Move its members to' a department of the list.
 */
export function DepartmentsPanel() {
  const list = useDepartments();
  const change = useChangeDepartments();
  const [error, setError] = useState<string | null>(null);
  const run = (what: DepartmentChange, done: string) =>
    change
      .mutateAsync(what)
      .then(() => {
        setError(null);
        toast.success(done);
        return true;
      })
      .catch((e: unknown) => {
        setError(e instanceof Error ? e.message : String(e));
        return false;
      });
  if (list.isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading the departments…
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="text-red-700">
        {list.error.message}
      </p>
    );
  }
  const open = list.data.items.filter((d) => !d.retired);
  return (
    <div className="max-w-3xl space-y-5">
      <p className="text-slate-700">
        A member’s department, and the departments a lead leads, are chosen from this list. Renaming a department
        renames it for everyone who has it. A retired department stays with the members who have it, but cannot be
        chosen for anyone else.
      </p>
      {error !== null ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <AddDepartment pending={change.isPending} onAdd={(name) => run({ kind: 'add', name }, `Added ${name}`)} />
      <Card className="p-0">
        <ul aria-label="Departments" className="divide-y divide-slate-200">
          {list.data.items.map((d) => (
            <DepartmentRow key={d.name} department={d} pending={change.isPending} run={run} />
          ))}
        </ul>
      </Card>
      {list.data.unlisted.length > 0 ? (
        <Unlisted unlisted={list.data.unlisted} open={open} pending={change.isPending} run={run} />
      ) : null}
    </div>
  );
}

type Run = (what: DepartmentChange, done: string) => Promise<boolean>;

/**
 * A form of one department name: its field, the submit button and `children` (e.g. 'Cancel'). The name is sent
 * trimmed; once `onSave` says the change was made, the field starts again from `initial`.
 */
function NameForm({
  label,
  initial,
  submit,
  pending,
  onSave,
  className,
  fieldClassName,
  children,
}: {
  label: string;
  initial: string;
  /** The submit button's words. */
  submit: string;
  pending: boolean;
  /** Makes the change; resolves to whether it was made. */
  onSave: (name: string) => Promise<boolean>;
  className: string;
  fieldClassName: string;
  children?: ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(name.trim()).then((ok) => (ok ? setName(initial) : undefined));
  };
  return (
    <form onSubmit={onSubmit} className={className}>
      <LabelledInput
        id={`${id}-name`}
        label={label}
        required
        maxLength={120}
        value={name}
        onChange={(e) => setName(e.target.value)}
        className={fieldClassName}
      />
      <Button type="submit" disabled={pending || name.trim() === ''}>
        {submit}
      </Button>
      {children}
    </form>
  );
}

function AddDepartment({ pending, onAdd }: { pending: boolean; onAdd: (name: string) => Promise<boolean> }) {
  return (
    <NameForm
      label="New department"
      initial=""
      submit="Add department"
      pending={pending}
      onSave={onAdd}
      className="flex flex-wrap items-end gap-3"
      fieldClassName="min-w-[min(16rem,100%)] flex-1"
    />
  );
}

function DepartmentRow({ department: d, pending, run }: { department: Department; pending: boolean; run: Run }) {
  const [renaming, setRenaming] = useState(false);
  const onRename = (name: string) =>
    run({ kind: 'rename', current: d.name, name }, `Renamed ${d.name} to ${name}`).then((ok) => {
      if (ok) setRenaming(false);
      return ok;
    });
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      {renaming ? (
        <NameForm
          label={`New name for ${d.name}`}
          initial={d.name}
          submit="Save name"
          pending={pending}
          onSave={onRename}
          className="flex flex-1 flex-wrap items-end gap-2"
          fieldClassName="min-w-[min(14rem,100%)] flex-1"
        >
          <Button type="button" variant="outline" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </NameForm>
      ) : (
        <>
          <div className="min-w-[min(12rem,100%)] flex-1">
            <p className="font-medium text-slate-900">
              {d.name}
              {d.retired ? <span className="ml-2 text-sm font-normal text-slate-600">(retired)</span> : null}
            </p>
            <p className="text-sm text-slate-600">{countsOf(d)}</p>
          </div>
          <Button type="button" variant="outline" aria-label={`Rename ${d.name}`} onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            aria-label={d.retired ? `Offer ${d.name} again` : `Retire ${d.name}`}
            onClick={() =>
              void run(
                { kind: 'retire', current: d.name, retired: !d.retired },
                d.retired ? `${d.name} can be chosen again` : `Retired ${d.name}`,
              )
            }
          >
            {d.retired ? 'Offer again' : 'Retire'}
          </Button>
        </>
      )}
    </li>
  );
}

function Unlisted({
  unlisted,
  open,
  pending,
  run,
}: {
  unlisted: Departments['unlisted'];
  open: readonly Department[];
  pending: boolean;
  run: Run;
}) {
  return (
    <section aria-labelledby="unlisted-departments" className="space-y-3">
      <h3 id="unlisted-departments" className="text-lg font-semibold text-slate-900">
        Departments members have that are not in the list
      </h3>
      <p className="text-sm text-slate-700">
        These were typed before departments were chosen from a list. They stay as they are until you decide: add one to
        the list if it is real, or move its members to a department of the list if it is a typing mistake.
      </p>
      <Card className="p-0">
        <ul aria-label="Not in the list" className="divide-y divide-slate-200">
          {unlisted.map((d) => (
            <UnlistedRow key={d.name} department={d} open={open} pending={pending} run={run} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

function UnlistedRow({
  department: d,
  open,
  pending,
  run,
}: {
  department: Departments['unlisted'][number];
  open: readonly Department[];
  pending: boolean;
  run: Run;
}) {
  const id = useId();
  const [to, setTo] = useState(open[0]?.name ?? '');
  return (
    <li className="flex flex-wrap items-end gap-3 px-4 py-3">
      <div className="min-w-[min(10rem,100%)] flex-1">
        <p className="font-medium text-slate-900">{d.name}</p>
        <p className="text-sm text-slate-600">{countsOf(d)}</p>
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={pending}
        aria-label={`Add to the list: ${d.name}`}
        onClick={() => void run({ kind: 'add', name: d.name }, `Added ${d.name}`)}
      >
        Add to the list
      </Button>
      <LabelledSelect
        id={`${id}-to`}
        label={`Move the members of ${d.name} to`}
        value={to}
        onChange={setTo}
        options={open.map((o) => ({ value: o.name, label: o.name }))}
      />
      <Button
        type="button"
        disabled={pending || to === ''}
        onClick={() => void run({ kind: 'move', from: d.name, to }, `Moved the members of ${d.name} to ${to}`)}
      >
        Move
      </Button>
    </li>
  );
}
