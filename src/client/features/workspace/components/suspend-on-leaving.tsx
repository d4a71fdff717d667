import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDay } from '@/lib/dates';
import { useCancelSuspension, useScheduleSuspension, useWorkspaceAccount } from '../api/workspace-account';

/** What the offboarding form needs to offer and carry out the suspension of the Google account. */
export interface LeavingSuspension {
  /** Whether the app may suspend the account (writing is on): only then is the choice offered. */
  offered: boolean;
  /** Whether to suspend it on the leaving date (on by default). */
  chosen: boolean;
  setChosen: (chosen: boolean) => void;
  /** After 'Mark as left': plans the suspension on `leftOn` when chosen. @throws ApiError */
  afterLeaving: (leftOn: string) => Promise<void>;
  /** After 'Undo': cancels a pending suspension. @throws ApiError */
  afterUndo: () => Promise<void>;
  /** The planned suspension's state in words, for the offboarding card. */
  said: string | null;
  /** Whether the last suspension failed (shown as an alert). */
  failed: boolean;
  /** After a failure: plans the suspension again for now (its day has come). @throws ApiError */
  retry: () => Promise<void>;
  /** Whether a retry is being planned. */
  retrying: boolean;
}

/**
 * The suspension of a member's Google account on the leaving date (docs/product.md#google-workspace-accounts), for the
 * offboarding form of the member page.
 * @param email the member's address
 */
export function useLeavingSuspension(email: string): LeavingSuspension {
  const account = useWorkspaceAccount(email);
  const schedule = useScheduleSuspension(email);
  const cancel = useCancelSuspension(email);
  const [chosen, setChosen] = useState(true);
  const offered = account.data?.writing === true;
  const job = account.data?.suspension ?? null;
  const said =
    job === null
      ? null
      : job.status === 'pending'
        ? job.attempts === 0
          ? `Their Google account will be suspended on ${formatDay(job.dueOn)}.`
          : `Suspending their Google account did not work yet (${job.outcome ?? 'no answer'}). The app tries again.`
        : job.status === 'done'
          ? `Google account: ${job.outcome ?? 'suspended'}`
          : job.status === 'failed'
            ? `Their Google account could not be suspended: ${job.outcome ?? 'Google refused'}`
            : 'The suspension of their Google account was cancelled.';
  return {
    offered,
    chosen,
    setChosen,
    afterLeaving: async (leftOn) => {
      if (offered && chosen) await schedule.mutateAsync(leftOn);
    },
    afterUndo: async () => {
      if (job?.status === 'pending') await cancel.mutateAsync();
    },
    said,
    failed: job?.status === 'failed',
    retry: async () => {
      if (job !== null) await schedule.mutateAsync(job.dueOn);
    },
    retrying: schedule.isPending,
  };
}

/**
 * The choice 'Also suspend their Google account on that day' of the offboarding form; nothing when it is not offered.
 * @param suspension from {@link useLeavingSuspension}
 * @param id the checkbox's id
 */
export function SuspendOnLeavingField({ suspension, id }: { suspension: LeavingSuspension; id: string }) {
  if (!suspension.offered) return null;
  return (
    <div className="flex items-start gap-2 sm:col-span-2">
      <Checkbox
        id={id}
        checked={suspension.chosen}
        onCheckedChange={(checked) => suspension.setChosen(checked === true)}
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        Also suspend their Google account on that day (they can no longer sign in to Google; their e-mail and files
        stay).
      </label>
    </div>
  );
}
