import type { MemberDetail } from '@shared/admin-api';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toasts';
import { useLeave, useMarkRotated, useRevealedSecrets } from '../api/offboarding';
import { fieldClass, formatDateTime, formatDay, labelClass } from '../utils/format';
import { DateField } from '@/components/ui/date-field';
import { SuspendOnLeavingField, useLeavingSuspension } from '@/features/workspace';
import { isoDayOf } from '@/lib/dates';

/** Today in the organisation's time zone, YYYY-MM-DD. */
const today = () => isoDayOf(new Date());

/**
 * Offboarding on a member's page (admins only): mark the member as having left (a date and an optional note: their
 * sessions end and they can no longer sign in; record and progress stay), after a confirmation that says so, or undo
 * it; and the shared passwords they
 * ever revealed, each with 'Mark rotated' once it has been changed.
 */
export function MemberOffboarding({ detail }: { detail: MemberDetail }) {
  const id = useId();
  const email = detail.member.email;
  const { mark, undo } = useLeave();
  const [leftOn, setLeftOn] = useState(today);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const suspension = useLeavingSuspension(email);
  const [suspensionError, setSuspensionError] = useState<string | null>(null);
  const error = mark.error ?? undo.error;
  const name = detail.member.name === '' ? email : detail.member.name;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const onConfirm = () => {
    setConfirming(false);
    setSuspensionError(null);
    mark
      .mutateAsync({ email, leftOn, ...(note.trim() === '' ? {} : { note: note.trim() }) })
      .then(() => {
        toast.success(`${email} is marked as having left and is signed out`);
        return suspension.afterLeaving(leftOn).catch((failure: unknown) => {
          setSuspensionError(
            `They are marked as having left, but the suspension of their Google account could not be planned: ${failure instanceof Error ? failure.message : String(failure)}`,
          );
        });
      })
      .catch(() => {
        // Shown below from `error`.
      });
  };

  return (
    <Card className="space-y-4 p-5">
      <h3 className="text-lg font-semibold">Offboarding</h3>
      {detail.left ? (
        <div className="space-y-2">
          <p className="text-slate-800">
            Left on <strong>{formatDay(detail.left.at.slice(0, 10))}</strong>. They cannot sign in; their record and
            progress stay here.
          </p>
          {detail.left.note ? (
            <p className="text-slate-800">
              Note: <span className="whitespace-pre-wrap">{detail.left.note}</span>
            </p>
          ) : null}
          {suspension.said === null ? null : (
            <p
              role={suspension.failed ? 'alert' : undefined}
              className={suspension.failed ? 'text-red-700' : 'text-slate-800'}
            >
              {suspension.said}
            </p>
          )}
          {suspension.failed ? (
            <Button
              type="button"
              disabled={suspension.retrying}
              onClick={() => {
                setSuspensionError(null);
                suspension
                  .retry()
                  .then(() => toast.success('The app tries again to suspend their Google account'))
                  .catch((failure: unknown) => {
                    setSuspensionError(failure instanceof Error ? failure.message : String(failure));
                  });
              }}
            >
              {suspension.retrying ? 'Planning…' : 'Try again'}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            disabled={undo.isPending}
            onClick={() => {
              setSuspensionError(null);
              undo
                .mutateAsync(email)
                .then(() =>
                  suspension.afterUndo().catch((failure: unknown) => {
                    setSuspensionError(failure instanceof Error ? failure.message : String(failure));
                  }),
                )
                .catch(() => {
                  // Shown below from `error`.
                });
            }}
          >
            {undo.isPending ? 'Undoing…' : 'Undo: they are still a member'}
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-date`} className={labelClass}>
              Left on
            </label>
            <DateField id={`${id}-date`} required value={leftOn} onChange={setLeftOn} className={fieldClass} />
          </div>
          <div>
            <label htmlFor={`${id}-note`} className={labelClass}>
              Note (optional)
            </label>
            <input
              id={`${id}-note`}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={fieldClass}
            />
          </div>
          <SuspendOnLeavingField suspension={suspension} id={`${id}-suspend`} />
          <p className="text-sm text-slate-600 sm:col-span-2">
            Marking someone as left signs them out everywhere and stops them signing in. Their record and progress stay.
          </p>
          <div className="sm:col-span-2">
            <Button type="submit" variant="destructive" disabled={mark.isPending}>
              {mark.isPending ? 'Saving…' : 'Mark as left'}
            </Button>
          </div>
        </form>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
      {suspensionError === null ? null : (
        <p role="alert" className="text-sm text-red-700">
          {suspensionError}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Mark ${name} as left?`}
        confirmLabel="Mark as left"
        destructive
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {name} is signed out on every device now and can no longer sign in. They left on {formatDay(leftOn)}.
        </p>
        {suspension.offered && suspension.chosen ? (
          <p>Their Google account is suspended on {formatDay(leftOn)}, unless you undo this before then.</p>
        ) : null}
        <p>Their record, progress and signed agreements stay. You can undo this afterwards.</p>
      </ConfirmDialog>
      <RevealedSecrets email={email} />
    </Card>
  );
}

/** The shared passwords a member revealed, with 'Mark rotated' for each that still needs changing. */
function RevealedSecrets({ email }: { email: string }) {
  const revealed = useRevealedSecrets(email);
  const rotate = useMarkRotated();
  return (
    <section aria-labelledby="revealed-heading" className="space-y-2">
      <h4 id="revealed-heading" className="font-semibold">
        Shared passwords they saw
      </h4>
      {revealed.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading…
        </p>
      ) : revealed.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {revealed.error.message}
        </p>
      ) : revealed.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">They never revealed a shared password.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {revealed.data.items.map((item) => (
            <li key={item.name} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <div>
                <p className="font-medium">{item.steps.length > 0 ? item.steps.join(', ') : item.name}</p>
                <p className="text-sm text-slate-600">
                  Last seen {formatDateTime(item.lastRevealedAt)}
                  {item.rotatedAt ? ` · changed ${formatDateTime(item.rotatedAt)}` : ' · not changed since'}
                </p>
              </div>
              {item.rotatedAt ? null : (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={rotate.isPending}
                  aria-label={`Mark rotated: ${item.steps[0] ?? item.name}`}
                  onClick={() => rotate.mutate(item.name)}
                >
                  Mark rotated
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {rotate.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {rotate.error.message}
        </p>
      ) : null}
    </section>
  );
}
