import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMemberMail, useUpdateMemberMail } from '../api/mail';
import { fieldClass, formatDateTime, formatDay, labelClass } from '../utils/format';
import { OutboxList } from './outbox-list';
import { DateField } from '@/components/ui/date-field';

/**
 * A member's dates and reminders on their page (docs/product.md#due-dates-and-reminders): the start date (set by an
 * admin, else the first sign-in counts), pausing their reminders, whether they unsubscribed, and every message sent to
 * them. A department lead sees it read-only.
 */
export function MemberMail({ email, canChange }: { email: string; canChange: boolean }) {
  const mail = useMemberMail(email);
  const update = useUpdateMemberMail(email);
  const [startOn, setStartOn] = useState<string | null>(null);
  if (mail.isPending) return <p role="status">Loading reminders…</p>;
  if (mail.isError) return <p role="alert">{mail.error.message}</p>;
  const shown = startOn ?? mail.data.startOnSet ?? mail.data.startOn ?? '';
  return (
    <Card className="space-y-4 p-5">
      <h3 className="text-lg font-semibold">Start date and reminders</h3>
      <p className="text-sm text-slate-700">
        {mail.data.startOn === null
          ? 'No start date yet: it will be the day of their first sign-in, unless you set one.'
          : mail.data.startOnSet === null
            ? `Started on ${formatDay(mail.data.startOn)} (their first sign-in). Due dates count from the start date.`
            : `Start date ${formatDay(mail.data.startOn)}, set by an admin. Due dates count from it.`}
      </p>
      {canChange ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ startOn: shown === '' ? null : shown }, { onSuccess: () => setStartOn(null) });
          }}
        >
          <div>
            <label htmlFor="member-start-on" className={labelClass}>
              Start date
            </label>
            <DateField id="member-start-on" className={fieldClass} value={shown} onChange={setStartOn} />
          </div>
          <Button type="submit" disabled={update.isPending}>
            Save start date
          </Button>
          {mail.data.startOnSet !== null ? (
            <Button
              type="button"
              variant="ghost"
              disabled={update.isPending}
              onClick={() => update.mutate({ startOn: null })}
            >
              Use the first sign-in instead
            </Button>
          ) : null}
        </form>
      ) : null}
      {canChange ? (
        <label className="flex items-center gap-2 py-0.5 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={mail.data.remindersPaused}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ remindersPaused: event.target.checked })}
          />
          Pause reminders for this member
        </label>
      ) : mail.data.remindersPaused ? (
        <p className="text-sm text-slate-700">Reminders are paused.</p>
      ) : null}
      {mail.data.unsubscribedAt !== null ? (
        <p className="text-sm text-slate-700">
          They turned reminders off with the link in a reminder on {formatDateTime(mail.data.unsubscribedAt)}.
        </p>
      ) : null}
      {update.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {update.error.message}
        </p>
      ) : null}
      <h4 className="font-semibold">Messages sent to them</h4>
      <OutboxList messages={mail.data.messages} showRecipient={false} />
    </Card>
  );
}
