import { MAX_NAME_LENGTH, type WorkspaceAccountView } from '@shared/workspace-api';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toasts';
import { useCreateWorkspaceAccount, useWorkspaceAccount } from '../api/workspace-account';
import { WorkspaceGroups } from './workspace-groups';

const fieldClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700';
const labelClass = 'block text-sm font-medium text-slate-800';

/** The anchor of the card on the member page: the team task "Create their Google account" links to it. */
export const WORKSPACE_CARD_ID = 'google-account';

/**
 * The Google Workspace account on a member's page (admins only; docs/product.md#google-workspace-accounts): nothing
 * while the app may not create accounts; the account once created, with its groups (docs/product.md#google-workspace-groups);
 * otherwise one form — first and last name, the address and whether it is free, the org unit — and 'Create their
 * Google account'. The temporary password goes to the member's private e-mail address, or, without one, is shown
 * once, right after, to give to the person privately.
 * @param email the member's address
 */
export function WorkspaceAccountCard({ email }: { email: string }) {
  const account = useWorkspaceAccount(email);
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const shown = account.data !== undefined;
  useEffect(() => {
    // Opened from the team task's link: bring the card into view and put the focus on it.
    if (shown && hash === `#${WORKSPACE_CARD_ID}`) {
      card.current?.scrollIntoView({ block: 'start' });
      card.current?.focus();
    }
  }, [shown, hash]);
  if (account.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading the Google account…</span>
        <Skeleton className="h-24 rounded-xl" />
      </div>
    );
  }
  if (account.isError) {
    return (
      <Card className="p-5">
        <h3 className="text-lg font-semibold">Google account</h3>
        <p role="alert" className="text-sm text-red-700">
          The Google account could not be loaded: {account.error.message}
        </p>
      </Card>
    );
  }
  if (!account.data.writing && account.data.account === null) return null;
  return (
    <Card ref={card} id={WORKSPACE_CARD_ID} className="space-y-3 p-5" tabIndex={-1}>
      <h3 className="text-lg font-semibold">Google account</h3>
      <AccountBody email={email} view={account.data} />
      {/* Groups once the account exists in Google (the app's, or one it found there). */}
      {account.data.writing &&
      (account.data.account?.state === 'created' || account.data.proposal?.address === 'taken') ? (
        <WorkspaceGroups email={email} />
      ) : null}
    </Card>
  );
}

/**
 * The account's state, or the form that creates it (the member page's card and the team task "Create their Google
 * account" show the same).
 * @param email the member's address
 * @param view what the server says of the account
 */
export function AccountBody({ email, view }: { email: string; view: WorkspaceAccountView }) {
  const create = useCreateWorkspaceAccount(email);
  const [password, setPassword] = useState<string | undefined>();
  if (password !== undefined) return <ShownPassword email={email} password={password} />;
  const { account, proposal } = view;
  if (account?.state === 'created') {
    return (
      <p className="text-slate-800">
        The app created <strong className="break-all">{account.primaryEmail}</strong> in Google Workspace (org unit{' '}
        {account.orgUnitPath}).{' '}
        {account.passwordDelivery === 'private-email'
          ? 'The temporary password went to their private e-mail address.'
          : 'The temporary password was shown once to the admin who created it.'}{' '}
        They choose their own password when they first sign in.
      </p>
    );
  }
  if (proposal === null) {
    return <p className="text-slate-800">This person has left: no Google account is made for them.</p>;
  }
  return (
    <>
      {account?.state === 'failed' && account.lastError !== null ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          The last try did not work: {account.lastError === 'taken' ? 'the address was taken.' : account.lastError}
        </p>
      ) : null}
      <CreateForm
        proposal={proposal}
        pending={create.isPending}
        error={create.error?.message}
        onCreate={(body) => {
          create
            .mutateAsync(body)
            .then((created) => {
              toast.success(
                created.account.passwordDelivery === 'private-email'
                  ? `Created the Google account ${created.account.primaryEmail}. The temporary password is on its way to their private e-mail address.`
                  : `Created the Google account ${created.account.primaryEmail}`,
              );
              if (created.temporaryPassword !== undefined) setPassword(created.temporaryPassword);
            })
            .catch(() => {
              // Shown in the form from `error`.
            });
        }}
      />
    </>
  );
}

/** The account's name fields, in order. */
const NAME_FIELDS = [
  { key: 'givenName', label: 'First name' },
  { key: 'familyName', label: 'Last name' },
] as const;

function CreateForm({
  proposal,
  pending,
  error,
  onCreate,
}: {
  proposal: NonNullable<WorkspaceAccountView['proposal']>;
  pending: boolean;
  error: string | undefined;
  onCreate: (body: { givenName: string; familyName: string }) => void;
}) {
  const id = useId();
  const [names, setNames] = useState({ givenName: proposal.givenName, familyName: proposal.familyName });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onCreate(names);
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-slate-700 sm:col-span-2">
        Their address will be <strong className="break-all">{proposal.primaryEmail}</strong>
        {proposal.address === 'free'
          ? ': it is free in Google Workspace.'
          : proposal.address === 'taken'
            ? ': Google Workspace already has an account with this address. If it is theirs, mark the team task done.'
            : '. Google could not be asked whether it is free: the app checks again when you create it.'}{' '}
        It goes in the org unit <strong>{proposal.orgUnitPath}</strong>.
      </p>
      {NAME_FIELDS.map((field) => (
        <div key={field.key}>
          <label htmlFor={`${id}-${field.key}`} className={labelClass}>
            {field.label}
          </label>
          <input
            id={`${id}-${field.key}`}
            required
            maxLength={MAX_NAME_LENGTH}
            autoComplete="off"
            value={names[field.key]}
            onChange={(e) => setNames({ ...names, [field.key]: e.target.value })}
            className={fieldClass}
          />
        </div>
      ))}
      <p className="text-sm text-slate-600 sm:col-span-2">
        {proposal.hasPrivateEmail
          ? 'The app makes a temporary password and e-mails it to their private address. They choose their own when they first sign in.'
          : 'The app makes a temporary password. They have no private e-mail address here, so you see it once, to give to them privately; they choose their own when they first sign in.'}
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending || proposal.address === 'taken'}>
          {pending ? 'Creating…' : 'Create their Google account'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ShownPassword({ email, password }: { email: string; password: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3" role="status" aria-live="polite">
      <p className="text-slate-800">
        Created <strong className="break-all">{email}</strong>. Their temporary password is shown only now:
      </p>
      <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-lg tracking-wide break-all">
        {password}
      </p>
      <p className="text-sm text-slate-700">
        Give it to them privately (not in a group chat). They must choose a new password when they first sign in.
      </p>
      <Button
        type="button"
        variant="outline"
        onClick={() => {
          void navigator.clipboard
            .writeText(password)
            .then(() => setCopied(true))
            .catch(() => setCopied(false));
        }}
      >
        {copied ? 'Copied' : 'Copy the password'}
      </Button>
    </div>
  );
}
