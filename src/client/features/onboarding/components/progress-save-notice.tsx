import { useMutationState, useQueryClient } from '@tanstack/react-query';
import CloudOff from 'lucide-react/icons/cloud-off';
import { useEffect, useRef } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toasts';
import { PROGRESS_MUTATION_KEY, unsavedReason } from '../api/progress-cache';

/** Toast id of the "not saved yet" message, so a later try replaces it rather than stacking. */
const UNSAVED_TOAST_ID = 'progress-unsaved';

/**
 * What the member reads while a change waits (docs/architecture.md#database-unavailable): what happened, that it is
 * kept, what to do.
 */
export const UNSAVED_TEXT = {
  title: 'Not saved yet',
  database:
    "We couldn't save that just now — the server can't reach its database. Your change is kept here and we'll save it when the connection is back. Please keep this page open.",
  network:
    "We couldn't reach the server. Your change is kept here and we'll save it when the connection is back. Please check your connection and keep this page open.",
} as const;

/** The confirmation once every waiting change is stored. */
export const SAVED_TEXT = {
  title: 'Progress saved',
  description: 'Your changes are saved now that the connection is back.',
} as const;

/**
 * Why the member's progress writes are waiting: 'database' (the server answered 503), 'network' (no answer), or null
 * when nothing waits. Watches every progress write (the `progress` mutations, retried with backoff while the server
 * is unavailable); when every write that waited has ended, confirms with a toast if all were saved (a write the
 * server then refused shows its own error and rolls back) and refetches the onboarding, so the page shows what the
 * server stored.
 */
export function useUnsavedProgress(): 'database' | 'network' | null {
  const queryClient = useQueryClient();
  const pending = useMutationState({
    filters: { mutationKey: PROGRESS_MUTATION_KEY, status: 'pending' },
    select: (mutation) => ({ id: mutation.mutationId, reason: unsavedReason(mutation.state.failureReason) }),
  });
  const waiting = pending.find((p) => p.reason !== null);
  const reason = waiting?.reason ?? null;
  // Writes that have waited, until every progress write has ended.
  const waited = useRef(new Set<number>());

  useEffect(() => {
    for (const p of pending) if (p.reason !== null) waited.current.add(p.id);
    if (pending.length > 0 || waited.current.size === 0) return;
    const ids = waited.current;
    waited.current = new Set();
    const ended = queryClient
      .getMutationCache()
      .getAll()
      .filter((m) => ids.has(m.mutationId));
    toast.dismiss(UNSAVED_TOAST_ID);
    if (ended.every((m) => m.state.status === 'success'))
      toast.success(SAVED_TEXT.title, { description: SAVED_TEXT.description });
    void queryClient.invalidateQueries({ queryKey: queryKeys.onboarding, exact: true });
  }, [pending, queryClient]);

  useEffect(() => {
    if (reason === null) return;
    toast.error(UNSAVED_TEXT.title, { id: UNSAVED_TOAST_ID, description: UNSAVED_TEXT[reason] });
    // Leaving now would lose the change: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [reason]);

  return reason;
}

/**
 * The dashboard's notice while a progress change is not saved yet (docs/architecture.md#database-unavailable): stays in
 * view (sticky) until the change is stored; the member's change stays shown meanwhile.
 */
export function ProgressSaveNotice() {
  const reason = useUnsavedProgress();
  return (
    <div role="status" aria-live="polite" className="sticky top-2 z-30 empty:hidden">
      {reason !== null ? (
        <div className="mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 shadow-md">
          <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{UNSAVED_TEXT.title}</p>
            <p className="text-sm">{UNSAVED_TEXT[reason]}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
