import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDirectoryFindings, useReadDirectory } from '../api/directory';
import { formatDateTime } from '../utils/format';
import { goneInWords, MarkLeftFromDirectory } from './mark-left-from-directory';

/**
 * The admin console's 'Google Workspace' tab (docs/product.md#who-left-in-google-workspace): what the hourly read of
 * the directory found — members whose Google account was suspended or deleted, each with 'Confirm they left' (one
 * click), and the domain's accounts that are not members yet, each with 'Invite' (the invite form, filled in) — when
 * it last read, and 'Read now'.
 */
export function DirectoryPanel() {
  const findings = useDirectoryFindings();
  const readNow = useReadDirectory();
  if (findings.isPending) {
    return (
      <div role="status" className="max-w-4xl space-y-3">
        <span className="sr-only">Loading what the directory says…</span>
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  if (findings.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        {findings.error.message}
      </p>
    );
  }
  const { configured, lastRead, leftInGoogle, notMembers } = findings.data;
  if (!configured) {
    return (
      <Card className="max-w-2xl space-y-2 p-5">
        <h3 className="text-lg font-semibold">Who left in Google Workspace</h3>
        <p className="text-slate-700">
          The app does not read your Google Workspace directory yet. Whoever runs the server can set it up: then this
          page shows who left in Google Workspace and who has an account but is not a member yet.
        </p>
      </Card>
    );
  }
  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {lastRead === null
            ? 'The directory has not been read yet.'
            : lastRead.ok
              ? `Last read ${formatDateTime(lastRead.at)}: ${lastRead.accounts} accounts. The app reads it every hour.`
              : `The last read, ${formatDateTime(lastRead.at)}, did not work.`}
        </p>
        <Button type="button" variant="outline" disabled={readNow.isPending} onClick={() => readNow.mutate()}>
          <RefreshCw aria-hidden="true" /> {readNow.isPending ? 'Reading…' : 'Read now'}
        </Button>
      </div>
      {readNow.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {readNow.error.message}
        </p>
      ) : lastRead !== null && !lastRead.ok && lastRead.problem !== null ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          {lastRead.problem}
        </p>
      ) : null}

      <section aria-labelledby="left-in-google-heading" className="space-y-3">
        <h3 id="left-in-google-heading" className="text-lg font-semibold">
          Left in Google Workspace
        </h3>
        <p className="text-sm text-slate-700">
          Members whose Google account was suspended or deleted. If they have left, confirm it here: they are marked as
          having left on that day and signed out of this app too. You can undo it on their page.
        </p>
        {leftInGoogle.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody: every member's account is in use.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {leftInGoogle.map((found) => (
              <li key={found.email} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <Link
                    to={paths.adminMember.getHref(found.email)}
                    className="font-semibold break-words text-brand-700 hover:underline"
                  >
                    {found.name}
                  </Link>
                  <p className="text-sm break-words text-slate-700">
                    {found.email}
                    {found.department === '' ? '' : ` · ${found.department}`} · account {goneInWords(found)}
                  </p>
                </div>
                <MarkLeftFromDirectory found={found} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="not-members-heading" className="space-y-3">
        <h3 id="not-members-heading" className="text-lg font-semibold">
          In Google Workspace, not members yet
        </h3>
        <p className="text-sm text-slate-700">
          Accounts of your domain that have never signed in here and were not invited. Invite the newcomers among them.
        </p>
        {notMembers.length === 0 ? (
          <p className="text-sm text-slate-600">None: every account is a member.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {notMembers.map((account) => {
              const name = `${account.givenName} ${account.familyName}`.trim();
              return (
                <li key={account.email} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{name === '' ? account.email : name}</p>
                    {name === '' ? null : <p className="text-sm break-words text-slate-700">{account.email}</p>}
                  </div>
                  <Button asChild size="sm" variant="outline">
                    <Link
                      to={`${paths.admin.getHref()}?${new URLSearchParams({ tab: 'invite', email: account.email }).toString()}`}
                      aria-label={`Invite ${name === '' ? account.email : name}`}
                    >
                      Invite
                    </Link>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
