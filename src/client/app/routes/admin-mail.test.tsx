import type { OutboxMessage, OutboxResponse } from '@shared/mail-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '@/test/fixtures';
import { json, renderApp } from '@/test/render-app';

const message = (i: number, extra: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  kind: 'reminder',
  recipient: `person-${i}@inspired2uplift.org`,
  status: 'sent',
  transport: 'smtp',
  subject: `Reminder ${i}`,
  attempts: 1,
  createdAt: '2026-03-11T10:00:00.000Z',
  sentAt: '2026-03-11T10:00:05.000Z',
  nextAttemptAt: '2026-03-11T10:00:00.000Z',
  lastError: null,
  cancelReason: null,
  ...extra,
});

/** The query strings the app asked the outbox with, in order. */
const outboxQueries = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/outbox')
    .map((url) => url.search);

describe("admin console: 'E-mail'", () => {
  it('pages through the outbox and filters it by status, kind and recipient', async () => {
    const page: OutboxResponse = {
      smtpConfigured: true,
      messages: Array.from({ length: 50 }, (_, i) => message(120 - i)),
      total: 120,
      page: 1,
      pageSize: 50,
    };
    const { user, fetchMock } = renderApp('/admin?tab=mail', {
      'GET /api/me': () => json({ user: { ...testUser, isAdmin: true } }),
      'GET /api/admin/outbox': () => json(page),
      'GET /api/admin/digest': () => json({ digestOn: true }),
    });
    const outbox = await screen.findByRole('region', { name: 'Outbox' });
    expect(await within(outbox).findByText('Showing 1–50 of 120 messages · page 1 of 3')).toBeInTheDocument();
    expect(within(outbox).getAllByRole('listitem')).toHaveLength(50);
    await user.click(within(outbox).getByRole('button', { name: /Next/u }));
    await waitFor(() => expect(outboxQueries(fetchMock).at(-1)).toBe('?page=2&pageSize=50'));
    await user.selectOptions(within(outbox).getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(outboxQueries(fetchMock).at(-1)).toBe('?status=failed&page=1&pageSize=50'));
    await user.selectOptions(within(outbox).getByLabelText('Kind'), 'Digests');
    await user.type(within(outbox).getByLabelText('Recipient (part of the e-mail address)'), 'Person-1');
    await user.click(within(outbox).getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(outboxQueries(fetchMock).at(-1)).toBe('?status=failed&kind=digest&recipient=Person-1&page=1&pageSize=50'),
    );
  }, 30_000);

  it('"Send me the digest now" says at once that it is queued, then follows it until it has left', async () => {
    const digest = message(1, {
      kind: 'digest',
      recipient: testUser.email,
      subject: null,
      status: 'pending',
      attempts: 0,
      sentAt: null,
    });
    /** The digest's status as the outbox shows it; none before it is asked for. */
    let status: OutboxMessage['status'] | 'none' = 'none';
    const { user } = renderApp('/admin?tab=mail', {
      'GET /api/me': () => json({ user: { ...testUser, isAdmin: true } }),
      'GET /api/admin/outbox': () =>
        json({
          smtpConfigured: true,
          messages: status === 'none' ? [] : [{ ...digest, status, attempts: 1 }],
          total: status === 'none' ? 0 : 1,
          page: 1,
          pageSize: 50,
        }),
      'GET /api/admin/digest': () => json({ digestOn: true }),
      'POST /api/admin/digest': () => {
        status = 'sending';
        return json({ message: digest });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send me the digest now' }));
    expect(await screen.findByText('Your digest is queued')).toBeInTheDocument();
    expect(await screen.findByText('Your digest: Sending')).toBeInTheDocument();
    status = 'sent';
    // Read again every 2 s while it is on its way.
    expect(await screen.findByText('Your digest: Sent', {}, { timeout: 5_000 })).toBeInTheDocument();
  }, 20_000);
});
