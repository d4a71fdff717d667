import { OUTBOX_KINDS, OUTBOX_STATUSES, type OutboxKind, type OutboxStatus } from '@shared/mail-api';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toasts';
import { useDigestSettings, useOutbox, useSendDigestNow, useSetDigest } from '../api/mail';
import { filterOptions, LabelledInput, LabelledSelect } from './fields';
import { OUTBOX_STATUS_TEXT, OutboxList } from './outbox-list';
import { Pagination } from './pagination';

const PAGE_SIZE = 50;
const KIND_TEXT: Record<OutboxKind, string> = {
  reminder: 'Reminders',
  digest: 'Digests',
  welcome: 'Welcome messages',
  preboarding: 'Before the first day',
  'workspace-password': 'Google account passwords',
};

/**
 * The admin console's E-mail tab (docs/product.md#due-dates-and-reminders): the admin's own weekly digest (on or off,
 * or now: queued at once, its progress shown in the outbox), and the outbox: every reminder and digest, sent, waiting,
 * failed or cancelled, newest first, paged and filtered by status, kind and recipient. Without SMTP_URL nothing leaves
 * the server, and the outbox says so.
 */
export function MailPanel() {
  const id = useId();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [kind, setKind] = useState<OutboxKind | ''>('');
  const [recipientInput, setRecipientInput] = useState('');
  const [recipient, setRecipient] = useState('');
  const [page, setPage] = useState(1);
  const [followed, setFollowed] = useState<string | null>(null);
  const outbox = useOutbox(
    {
      status: status === '' ? undefined : status,
      kind: kind === '' ? undefined : kind,
      recipient,
      page,
      pageSize: PAGE_SIZE,
    },
    followed,
  );
  const digest = useDigestSettings();
  const setDigest = useSetDigest();
  const sendNow = useSendDigestNow();
  const followedMessage = outbox.data?.messages.find((m) => m.id === followed);

  /** A filter select's change: its value ('' for none) is set and the outbox goes back to its first page. */
  const filterBy =
    <T extends string>(values: readonly T[], set: (value: T | '') => void) =>
    (value: string) => {
      set(values.find((v) => v === value) ?? '');
      setPage(1);
    };
  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setRecipient(recipientInput.trim());
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <Card className="max-w-2xl space-y-3 p-5">
        <h3 className="text-lg font-semibold">Your weekly digest</h3>
        <p className="text-sm text-slate-700">
          Every Monday morning: who started, who finished, who is stalled and who has overdue steps.
        </p>
        <label className="flex items-center gap-2 py-0.5 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={digest.data?.digestOn ?? true}
            disabled={digest.isPending || setDigest.isPending}
            onChange={(event) => setDigest.mutate({ digestOn: event.target.checked })}
          />
          Send me the weekly digest
        </label>
        <Button
          type="button"
          variant="outline"
          disabled={sendNow.isPending}
          onClick={() =>
            sendNow.mutateAsync().then(
              ({ message }) => {
                setFollowed(message.id);
                setPage(1);
                toast.success('Your digest is queued', { description: 'The outbox below shows when it leaves.' });
              },
              (error: unknown) =>
                toast.error('The digest could not be queued', {
                  description: error instanceof Error ? error.message : '',
                }),
            )
          }
        >
          {sendNow.isPending ? 'Queuing…' : 'Send me the digest now'}
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {followedMessage === undefined ? '' : `Your digest: ${OUTBOX_STATUS_TEXT[followedMessage.status]}`}
        </p>
      </Card>
      <section aria-labelledby="outbox-heading" className="space-y-3">
        <h3 id="outbox-heading" className="text-lg font-semibold">
          Outbox
        </h3>
        {outbox.data?.smtpConfigured === false ? (
          <div className="max-w-2xl space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            <p>
              E-mail is not set up yet, so no e-mail leaves the app: every message waits here instead. Ask whoever runs
              the server to follow ‘E-mail’ in the operations guide.
            </p>
            <details>
              <summary className="cursor-pointer py-1 font-medium">Details for whoever runs the server</summary>
              <p className="mt-1">SMTP_URL is not set (docs/operations.md#e-mail).</p>
            </details>
          </div>
        ) : null}
        <form onSubmit={onFilter} className="flex flex-wrap items-end gap-3">
          <LabelledSelect
            id={`${id}-status`}
            label="Status"
            value={status}
            onChange={filterBy(OUTBOX_STATUSES, setStatus)}
            options={filterOptions('All statuses', OUTBOX_STATUSES, (s) => OUTBOX_STATUS_TEXT[s])}
          />
          <LabelledSelect
            id={`${id}-kind`}
            label="Kind"
            value={kind}
            onChange={filterBy(OUTBOX_KINDS, setKind)}
            options={filterOptions('Every kind', OUTBOX_KINDS, (k) => KIND_TEXT[k])}
          />
          <LabelledInput
            id={`${id}-recipient`}
            label="Recipient (part of the e-mail address)"
            type="search"
            value={recipientInput}
            onChange={(e) => setRecipientInput(e.target.value)}
            className="min-w-[min(100%,15rem)] flex-1"
          />
          <Button type="submit" variant="outline">
            Filter
          </Button>
        </form>
        {outbox.isPending ? (
          <p role="status">Loading the outbox…</p>
        ) : outbox.isError ? (
          <p role="alert">{outbox.error.message}</p>
        ) : (
          <div aria-busy={outbox.isFetching} className="space-y-3">
            <OutboxList messages={outbox.data.messages} />
            <Pagination
              noun="messages"
              page={page}
              pageSize={PAGE_SIZE}
              total={outbox.data.total}
              onPageChange={setPage}
            />
          </div>
        )}
      </section>
    </div>
  );
}
