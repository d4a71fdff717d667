import type { LeftInGoogle } from '@shared/workspace-directory-api';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toasts';
import { useLeave } from '../api/offboarding';
import { formatDay } from '../utils/format';

/** How a gone account reads: 'suspended on 2 Mar 2026', in the organisation's way of writing days. */
export function goneInWords(found: LeftInGoogle): string {
  return `${found.state === 'deleted' ? 'deleted' : 'suspended'} on ${formatDay(found.leftOn)}`;
}

/**
 * 'Confirm they left', one click, for a member whose Google account the directory found suspended or deleted
 * (docs/product.md#who-left-in-google-workspace): marks them as having left on the day their account went (the
 * server's `leftOn`, today at the latest), with a note that says so, as the member page's 'Mark as left' does (they
 * are signed out everywhere; 'Undo' on their page takes it back). Nothing is planned in Google: the account is gone
 * already.
 * @param found the member as the directory read found them
 */
export function MarkLeftFromDirectory({ found }: { found: LeftInGoogle }) {
  const { mark } = useLeave();
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        type="button"
        variant="destructive"
        size="sm"
        disabled={mark.isPending}
        aria-label={`Confirm they left: ${found.name}`}
        onClick={() => {
          mark
            .mutateAsync({
              email: found.email,
              leftOn: found.leftOn,
              note: `Their Google Workspace account was ${goneInWords(found)}.`,
            })
            .then(() => toast.success(`${found.name} is marked as having left and is signed out`))
            .catch(() => {
              // Shown below from `mark.error`.
            });
        }}
      >
        {mark.isPending ? 'Saving…' : 'Confirm they left'}
      </Button>
      {mark.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {mark.error.message}
        </p>
      ) : null}
    </div>
  );
}
