import { type FormEvent, useId, useState } from 'react';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';
import { useDepartments } from '../api/departments';
import { useAdminRoles } from '../api/get-admin-roles';
import { usePutMember } from '../api/put-member';
import { fieldClass, labelClass } from '../utils/format';
import { DateField } from '@/components/ui/date-field';
import { LabelledField, LabelledInput, LabelledSelect } from './fields';

interface MemberFormProps {
  /** The member to edit; omit to invite a new address (the form then asks for it). */
  email?: string;
  /** Starting values; `role` is a role configuration key or the record's role text. */
  initial?: { role: string; department: string; isAdmin: boolean; leadOf?: readonly string[]; isEditor?: boolean };
  /** Called with the saved address. */
  onSaved?: (email: string) => void;
  /** Inviting: the address to fill in (an account the Google Workspace directory lists). */
  proposedAddress?: string;
}

/**
 * Assigns a member's role, department and permissions (admin, lead of departments, content editor); without `email`,
 * invites an address before its first sign-in. The role select lists the loaded role configurations; the department and
 * the departments a lead leads are chosen from the departments list (docs/product.md#departments), where a department
 * the member has already that is not in the list (or is retired) stays offered, marked so. The server's refusal (e.g.
 * an address outside the organisation's domain) is shown under the form.
 */
export function MemberForm({ email, initial, onSaved, proposedAddress }: MemberFormProps) {
  const id = useId();
  const roles = useAdminRoles();
  const departments = useDepartments();
  const save = usePutMember();
  const [address, setAddress] = useState(proposedAddress ?? '');
  const [role, setRole] = useState(initial?.role ?? 'volunteer');
  const [department, setDepartment] = useState(initial?.department ?? 'Operations');
  const [isAdmin, setIsAdmin] = useState(initial?.isAdmin ?? false);
  const [leadOf, setLeadOf] = useState<readonly string[]>(initial?.leadOf ?? []);
  const [isEditor, setIsEditor] = useState(initial?.isEditor ?? false);
  const [startOn, setStartOn] = useState('');
  const [buddy, setBuddy] = useState('');
  const [privateEmail, setPrivateEmail] = useState('');
  const inviting = email === undefined;
  const roleOptions = roles.data?.roles ?? [];
  const knownRole = roleOptions.some((r) => r.key === role);
  const listed = departments.data?.items ?? [];
  const open = listed.filter((d) => !d.retired).map((d) => d.name);
  /** A department the person has that cannot be chosen for anyone else: shown as what it is. */
  const marked = (name: string) => {
    const found = listed.find((d) => d.name.toLowerCase() === name.trim().toLowerCase());
    return found === undefined ? `${name} (not in the list)` : found.retired ? `${name} (retired)` : null;
  };
  const departmentOptions = [
    ...open.map((name) => ({ value: name, label: name })),
    ...(initial !== undefined && !open.some((o) => o.toLowerCase() === initial.department.trim().toLowerCase())
      ? [{ value: initial.department, label: marked(initial.department) ?? initial.department }]
      : []),
  ];
  const leadOptions = [
    ...open.map((name) => ({ value: name, label: name })),
    ...(initial?.leadOf ?? [])
      .filter((d) => !open.some((o) => o.toLowerCase() === d.trim().toLowerCase()))
      .map((d) => ({ value: d, label: marked(d) ?? d })),
  ];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = (email ?? address).trim().toLowerCase();
    // mutateAsync, not mutate's callbacks: a saved change re-keys (remounts) the edit form, and the toast must still show.
    save
      .mutateAsync({
        email: target,
        role,
        department: department.trim(),
        isAdmin,
        leadOf: [...leadOf],
        isEditor,
        // The invite form's start date; the member's page has its own (docs/product.md#due-dates-and-reminders).
        ...(inviting && startOn !== '' ? { startOn } : {}),
        // The invite form's buddy (docs/product.md#team-tasks); the member's page has its own field.
        ...(inviting && buddy.trim() !== '' ? { buddy: buddy.trim().toLowerCase() } : {}),
        // The private address for the welcome e-mail (docs/product.md#private-e-mail-address); the page has its own.
        ...(inviting && privateEmail.trim() !== '' ? { privateEmail: privateEmail.trim().toLowerCase() } : {}),
      })
      .then(() => {
        toast.success(inviting ? `Invited ${target}` : `Saved ${target}`);
        if (inviting) {
          setAddress('');
          setBuddy('');
          setPrivateEmail('');
        }
        onSaved?.(target);
      })
      .catch(() => {
        // Shown under the form from `save.error`.
      });
  };

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2"
      aria-describedby={save.isError ? `${id}-error` : undefined}
    >
      {inviting ? (
        <>
          <LabelledInput
            id={`${id}-email`}
            label="E-mail address"
            type="email"
            required
            autoComplete="off"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            className="sm:col-span-2"
          />
          <LabelledInput
            id={`${id}-private`}
            label="Private e-mail address (optional: the welcome e-mail goes there too, with a link to prepare before the first day)"
            type="email"
            autoComplete="off"
            value={privateEmail}
            onChange={(e) => setPrivateEmail(e.target.value)}
            className="sm:col-span-2"
          />
          <LabelledField
            id={`${id}-start`}
            label="Start date (optional: else their first sign-in)"
            className="sm:col-span-2"
          >
            <DateField id={`${id}-start`} value={startOn} onChange={setStartOn} className={fieldClass} />
          </LabelledField>
          <LabelledInput
            id={`${id}-buddy`}
            label="Buddy’s e-mail address (optional: a member who helps them settle in)"
            type="email"
            autoComplete="off"
            value={buddy}
            onChange={(e) => setBuddy(e.target.value)}
            className="sm:col-span-2"
          />
        </>
      ) : null}
      <LabelledSelect
        id={`${id}-role`}
        label="Role"
        value={role}
        onChange={setRole}
        options={[
          ...(knownRole ? [] : [{ value: role, label: role }]),
          ...roleOptions.map((r) => ({ value: r.key, label: r.displayName })),
        ]}
        required
      />
      <LabelledField id={`${id}-department`} label="Department">
        <select
          id={`${id}-department`}
          required
          value={department}
          onChange={(e) => setDepartment(e.target.value)}
          className={fieldClass}
        >
          {departmentOptions.some((o) => o.value === department) ? null : (
            <option value={department}>{department}</option>
          )}
          {departmentOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {initial !== undefined && marked(initial.department) !== null && department === initial.department ? (
          <p className="mt-1 text-sm text-slate-600">
            This department is not one that can be chosen now. It stays until you choose another.
          </p>
        ) : null}
      </LabelledField>
      <div className="flex items-center gap-2 sm:col-span-2">
        <input
          id={`${id}-admin`}
          type="checkbox"
          checked={isAdmin}
          onChange={(e) => setIsAdmin(e.target.checked)}
          className="size-5 accent-brand-700"
        />
        <label htmlFor={`${id}-admin`} className="py-0.5 text-sm text-slate-800">
          Admin (may open the admin console)
        </label>
      </div>
      <fieldset className="sm:col-span-2" aria-describedby={`${id}-lead-hint`}>
        <legend className={labelClass}>Leads departments</legend>
        <p id={`${id}-lead-hint`} className="mb-2 text-sm text-slate-600">
          A department lead sees the members of these departments, their progress and their answers, chooses their
          buddies and does the team tasks given to leads. Only admins change roles, departments and records.
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {leadOptions.map((o) => (
            <label key={o.value} className="flex items-center gap-2 py-0.5 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={leadOf.some((d) => d.toLowerCase() === o.value.toLowerCase())}
                onChange={(e) =>
                  setLeadOf((now) =>
                    e.target.checked ? [...now, o.value] : now.filter((d) => d.toLowerCase() !== o.value.toLowerCase()),
                  )
                }
                className="size-5 accent-brand-700"
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-2 sm:col-span-2">
        <input
          id={`${id}-editor`}
          type="checkbox"
          checked={isEditor}
          onChange={(e) => setIsEditor(e.target.checked)}
          className="size-5 accent-brand-700"
        />
        <label htmlFor={`${id}-editor`} className="py-0.5 text-sm text-slate-800">
          Content editor (may change the words, steps and files of onboarding in the content studio)
        </label>
      </div>
      {!inviting ? (
        <p className="text-sm text-slate-600 sm:col-span-2">
          Saving a change to the role, department or permissions signs this person out everywhere.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : inviting ? 'Invite' : 'Save'}
        </Button>
        {save.isError ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {save.error.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
