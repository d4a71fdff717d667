import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toasts';
import { useDigestSettings, useOutbox, useSendDigestNow, useSetDigest } from '../api/mail';
import { OutboxList } from './outbox-list';

/**
 * The admin console's E-mail tab (docs/product.md#due-dates-and-reminders): the admin's own weekly digest (on or off,
 * or now), and the outbox: every reminder and digest, sent, waiting, failed or cancelled. Without SMTP_URL nothing
 * leaves the server, and the outbox says so.
 */
export function MailPanel() {
  const outbox = useOutbox();
  const digest = useDigestSettings();
  const setDigest = useSetDigest();
  const sendNow = useSendDigestNow();
  return (
    <div className="space-y-6">
      <Card className="max-w-2xl space-y-3 p-5">
        <h3 className="text-lg font-semibold">Your weekly digest</h3>
        <p className="text-sm text-slate-700">
          Every Monday morning: who started, who finished, who is stalled and who has overdue steps.
        </p>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
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
              () => toast.success('The digest is on its way to you'),
              (error: unknown) => toast.error('The digest could not be sent', { description: error instanceof Error ? error.message : '' }),
            )
          }
        >
          {sendNow.isPending ? 'Sending…' : 'Send me the digest now'}
        </Button>
      </Card>
      <section aria-labelledby="outbox-heading" className="space-y-3">
        <h3 id="outbox-heading" className="text-lg font-semibold">
          Outbox
        </h3>
        {outbox.data?.smtpConfigured === false ? (
          <p className="max-w-2xl rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            No SMTP server is set (SMTP_URL), so no e-mail leaves this server: every message is kept here instead.
          </p>
        ) : null}
        {outbox.isPending ? (
          <p role="status">Loading the outbox…</p>
        ) : outbox.isError ? (
          <p role="alert">{outbox.error.message}</p>
        ) : (
          <OutboxList messages={outbox.data.messages} />
        )}
      </section>
    </div>
  );
}
