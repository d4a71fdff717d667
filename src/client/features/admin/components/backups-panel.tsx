import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toasts';
import { backupPaths, useBackups, useCreateBackup } from '../api/backups';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Backups of the embedded database: the schedule, the kept backups with a download link each, and 'Back up now'.
 * On PostgreSQL it says which tool to use instead.
 */
export function BackupsPanel() {
  const backups = useBackups();
  const create = useCreateBackup();

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
  if (!overview.available) return <p className="max-w-2xl text-sm text-slate-700">{overview.message}</p>;

  const onCreate = () =>
    create.mutate(undefined, { onSuccess: (backup) => toast.success(`Backup ${backup.name} is ready to download`) });

  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-slate-700">
        {overview.everyHours > 0
          ? `The server backs up the database every ${overview.everyHours} hours, without stopping, and keeps the last ${overview.keepDaily} daily and ${overview.keepWeekly} weekly backups`
          : 'Scheduled backups are off (BACKUP_EVERY_HOURS=0); backups taken here are kept'}{' '}
        in <code className="break-all">{overview.directory}</code>. Restore one with{' '}
        <code>npm run db:restore -- FILE</code> into an empty data folder.
      </p>
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
      {overview.backups.length === 0 ? (
        <p className="text-sm text-slate-600">No backups yet.</p>
      ) : (
        <ul aria-label="Backups" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {overview.backups.map((backup) => (
            <li key={backup.name} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span>
                {when(backup.createdAt)} <span className="text-slate-600">· {megabytes(backup.bytes)}</span>
              </span>
              <a
                href={backupPaths.file(backup.name)}
                download={backup.name}
                className="font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                Download<span className="sr-only"> the backup of {when(backup.createdAt)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
