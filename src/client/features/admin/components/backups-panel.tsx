import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { restoreConfirmationOf, type Backup } from '@shared/backups-api';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toasts';
import { backupPaths, useBackups, useCreateBackup, useRestoreBackup } from '../api/backups';
import { dateSettings, formatDateTime } from '@/lib/dates';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const when = (iso: string) => formatDateTime(iso);

/**
 * Asks an admin to confirm a restore by typing the backup's date and time (docs/operations.md#backups), saying plainly what
 * is replaced, what is not, and that a safety backup is taken first. Focus starts in the date field and returns to
 * the button that opened it (Radix AlertDialog).
 */
function RestoreDialog({ backup, onClose }: { backup: Backup; onClose: (message?: string) => void }) {
  const restore = useRestoreBackup();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const expected = restoreConfirmationOf(backup.createdAt, dateSettings());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    restore.mutate(
      { name: backup.name, confirmation: typed },
      {
        onSuccess: (result) => {
          toast.success('The backup was restored');
          onClose(result.message);
        },
      },
    );
  };

  return (
    <AlertDialog.Root open onOpenChange={(open) => (open || restore.isPending ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <AlertDialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(inputId)?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Restore the backup of {when(backup.createdAt)}?
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-700">
              <p>
                <strong>Everything in the app goes back to how it was then</strong>: members and admins, everyone&apos;s
                progress and agreements, the content, the shared passwords and the reminder settings. Every change made
                since then is replaced.
              </p>
              <p>
                The audit log stays as it is, and e-mails already sent are not sent again. People who were not in the
                app yet at that time are signed out.
              </p>
              <p>First, a safety backup of how everything is now is taken and listed here: restore it to undo this.</p>
            </div>
          </AlertDialog.Description>
          <form onSubmit={onSubmit} className="mt-4 space-y-3">
            <div className="space-y-1">
              <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
                To confirm, type the backup&apos;s date and time: <span className="font-mono">{expected}</span>
              </label>
              <input
                id={inputId}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={restore.isError ? hintId : undefined}
                aria-invalid={restore.isError ? true : undefined}
                className="h-10 w-full rounded-lg border border-slate-400 px-3 font-mono text-sm focus-visible:outline-2 focus-visible:outline-brand-700"
              />
              {restore.isError ? (
                <p id={hintId} role="alert" className="text-sm text-red-700">
                  {restore.error.message}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" disabled={restore.isPending}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={restore.isPending}>
                {restore.isPending ? 'Restoring…' : 'Restore this backup'}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Backups of the embedded database: the schedule, the kept backups with a download link and a restore button each,
 * and 'Back up now'. On PostgreSQL it says which tools to use instead (docs/operations.md#backups).
 */
export function BackupsPanel() {
  const backups = useBackups();
  const create = useCreateBackup();
  const [restoring, setRestoring] = useState<Backup | undefined>();
  const [restoredMessage, setRestoredMessage] = useState<string | undefined>();

  if (backups.isPending)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading backups…
      </p>
    );
  if (backups.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {backups.error.message}
      </p>
    );
  }
  const overview = backups.data;
  if (!overview.available)
    return (
      <div className="max-w-2xl space-y-3 text-sm text-slate-700">
        <p>
          The app’s data is kept in a PostgreSQL database, which the app does not back up or restore itself. Ask whoever
          runs the server how it is backed up, and when a restore was last tried (‘Backups’ in the operations guide).
        </p>
        <details>
          <summary className="cursor-pointer py-1 font-medium text-slate-800">
            Details for whoever runs the server
          </summary>
          <p className="mt-1">{overview.message}</p>
          <ul className="mt-1 list-disc space-y-2 pl-5">
            <li>
              Every day:{' '}
              <code className="break-all">
                pg_dump --format=custom --file=onboarding-$(date +%F).dump &quot;$DATABASE_URL&quot;
              </code>
            </li>
            <li>
              To restore: stop the app, create an empty database, then{' '}
              <code className="break-all">pg_restore --dbname=NEW_DATABASE_URL onboarding-DATE.dump</code>, point
              DATABASE_URL at it and start the app.
            </li>
          </ul>
        </details>
      </div>
    );

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (backup) => toast.success(`The backup of ${when(backup.createdAt)} is ready to download`),
    });

  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-slate-700">
        {overview.everyHours > 0
          ? `The app backs up its data every ${overview.everyHours} hours, without stopping, and keeps every backup of the last 24 hours and the last ${overview.keepDaily} daily and ${overview.keepWeekly} weekly backups.`
          : 'The app does not back up its data by itself on this server: backups taken here are kept.'}{' '}
        Restoring one replaces everything in the app with the backup; a safety backup of the current state is taken
        first.
      </p>
      <details className="max-w-2xl text-sm text-slate-700">
        <summary className="cursor-pointer py-1 font-medium text-slate-800">
          Details for whoever runs the server
        </summary>
        <p className="mt-1">
          The backups are the files in <code className="break-all">{overview.directory}</code>
          {overview.everyHours > 0 ? '' : ' (scheduled backups are off: BACKUP_EVERY_HOURS=0)'}. Keep a copy off this
          machine (‘Backups’ in the operations guide).
        </p>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onCreate} disabled={create.isPending}>
          {create.isPending ? 'Backing up…' : 'Back up now'}
        </Button>
        {create.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {create.error.message}
          </p>
        ) : null}
      </div>
      {overview.copy === undefined ? null : overview.copy.outcomes.every((outcome) => outcome.ok) ? (
        <p className="max-w-2xl text-sm text-slate-700">
          The last backup was also copied to {overview.copy.outcomes.map((outcome) => outcome.target).join(' and ')}.
        </p>
      ) : (
        <div role="alert" className="max-w-2xl rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">The copy of the last backup off this machine failed.</p>
          <ul className="mt-1 list-disc pl-5">
            {overview.copy.outcomes
              .filter((outcome) => !outcome.ok)
              .map((outcome) => (
                <li key={outcome.target}>
                  {outcome.target}: {outcome.error}
                </li>
              ))}
          </ul>
          <p className="mt-1">{overview.copy.advice}</p>
        </div>
      )}
      {restoredMessage === undefined ? null : (
        <p role="status" className="max-w-2xl rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {restoredMessage}
        </p>
      )}
      {overview.backups.length === 0 ? (
        <p className="text-sm text-slate-600">No backups yet.</p>
      ) : (
        <ul aria-label="Backups" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {overview.backups.map((backup) => (
            <li key={backup.name} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span>
                {when(backup.createdAt)} <span className="text-slate-600">· {megabytes(backup.bytes)}</span>
                {backup.beforeRestore ? (
                  <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    Safety backup, taken before a restore
                  </span>
                ) : null}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={backupPaths.file(backup.name)} download={backup.name}>
                    Download<span className="sr-only"> the backup of {when(backup.createdAt)}</span>
                  </a>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setRestoredMessage(undefined);
                    setRestoring(backup);
                  }}
                >
                  Restore<span className="sr-only"> the backup of {when(backup.createdAt)}</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {restoring === undefined ? null : (
        <RestoreDialog
          backup={restoring}
          onClose={(message) => {
            setRestoring(undefined);
            if (message !== undefined) setRestoredMessage(message);
          }}
        />
      )}
    </div>
  );
}
