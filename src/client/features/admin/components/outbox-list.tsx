import type { OutboxMessage } from '@shared/mail-api';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOutboxMessage } from '../api/mail';
import { formatDateTime } from '../utils/format';

/** A status in words. */
export const OUTBOX_STATUS_TEXT: Record<OutboxMessage['status'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A message's kind in words. */
const KIND_NAME: Record<OutboxMessage['kind'], string> = {
  reminder: 'Reminder',
  digest: 'Digest',
  welcome: 'Welcome',
  preboarding: 'Before the first day',
  'workspace-password': 'Google account password',
};

/** What a message's status says, in words (never colour alone). */
function statusOf(m: OutboxMessage): { text: string; variant: 'secondary' | 'outline' | 'warning' | 'default' } {
  if (m.status === 'sent')
    return { text: m.transport === 'outbox' ? 'Kept in the outbox (no SMTP)' : 'Sent', variant: 'default' };
  if (m.status === 'failed') return { text: 'Failed', variant: 'warning' };
  return { text: OUTBOX_STATUS_TEXT[m.status], variant: m.status === 'cancelled' ? 'outline' : 'secondary' };
}

/** One message's text, when asked for. */
function MessageText({ id }: { id: string }) {
  const message = useOutboxMessage(id);
  if (message.isPending) return <p className="text-sm text-slate-600">Loading the message…</p>;
  if (message.isError) return <p role="alert">{message.error.message}</p>;
  return (
    <pre className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap text-slate-800">
      {message.data.text ?? 'Not written yet: a message is written when it is sent.'}
    </pre>
  );
}

/**
 * A list of outbox messages (docs/product.md#due-dates-and-reminders): when, to whom, what, and how it went (a failure
 * says why; a cancelled reminder says why it was not needed), each with its text on request.
 */
export function OutboxList({ messages, showRecipient = true }: { messages: OutboxMessage[]; showRecipient?: boolean }) {
  const [openId, setOpenId] = useState<string | null>(null);
  if (messages.length === 0) return <p className="text-sm text-slate-600">No messages yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {messages.map((m) => {
        const status = statusOf(m);
        return (
          <li key={m.id} className="space-y-2 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={status.variant}>{status.text}</Badge>
              <span className="font-semibold text-slate-900">{m.subject ?? KIND_NAME[m.kind]}</span>
              {showRecipient ? <span className="break-all text-slate-700">to {m.recipient}</span> : null}
            </div>
            <p className="text-slate-600">
              {KIND_NAME[m.kind]} · planned {formatDateTime(m.createdAt)}
              {m.sentAt !== null ? ` · sent ${formatDateTime(m.sentAt)}` : ''}
              {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''}
              {m.status === 'pending' && m.lastError !== null ? ` · next try ${formatDateTime(m.nextAttemptAt)}` : ''}
            </p>
            {m.lastError !== null && m.status !== 'sent' ? <p className="text-red-800">Error: {m.lastError}</p> : null}
            {m.cancelReason !== null ? <p className="text-slate-700">Not sent: {m.cancelReason}.</p> : null}
            {m.status === 'sent' || m.status === 'failed' ? (
              <Button
                type="button"
                variant="link"
                className="h-auto px-0"
                onClick={() => setOpenId(openId === m.id ? null : m.id)}
                aria-expanded={openId === m.id}
              >
                {openId === m.id ? 'Hide the text' : 'Show the text'}
              </Button>
            ) : null}
            {openId === m.id ? <MessageText id={m.id} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
