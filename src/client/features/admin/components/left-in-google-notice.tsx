import { useMemberDirectoryState } from '../api/directory';
import { goneInWords, MarkLeftFromDirectory } from './mark-left-from-directory';

/**
 * On a member's page (admins), when the directory read found their Google account suspended or deleted and they are
 * not marked as left (docs/product.md#who-left-in-google-workspace): a notice with 'Mark as left'. Nothing otherwise.
 * @param email the member's address
 */
export function LeftInGoogleNotice({ email }: { email: string }) {
  const state = useMemberDirectoryState(email);
  const found = state.data?.leftInGoogle;
  if (found === null || found === undefined) return null;
  return (
    <section
      aria-labelledby="left-in-google-notice"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <div className="min-w-0">
        <h3 id="left-in-google-notice" className="font-semibold text-amber-950">
          Left in Google Workspace?
        </h3>
        <p className="text-sm text-amber-950">
          Their Google Workspace account was {goneInWords(found)}. If they have left, mark them as left.
        </p>
      </div>
      <MarkLeftFromDirectory found={found} />
    </section>
  );
}
