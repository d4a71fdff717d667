import type { LaunchChecklist } from '@shared/launch-checklist-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '@/test/fixtures';
import { json, renderApp } from '@/test/render-app';

const checklist: LaunchChecklist = {
  checkedAt: '2025-04-01T09:00:00.000Z',
  checks: [
    {
      id: 'google',
      title: 'Google sign-in',
      status: 'ok',
      summary: 'Members can sign in with their Google account.',
      technical: 'The discovery document of https://accounts.google.com was fetched.',
      links: [],
    },
    {
      id: 'mail',
      title: 'E-mail',
      status: 'ok',
      summary: 'The app can reach your mail server, so reminders and digests can be sent.',
      todo: 'Send a test message to yourself to be sure it arrives (look in your spam folder too).',
      links: [],
    },
    {
      id: 'backups',
      title: 'Backups',
      status: 'problem',
      summary: 'The last backup is onboarding-x.backup (1 kB), taken 3 days ago. Backups should come every 24 h.',
      todo: 'Take a backup now in the Backups tab.',
      links: [],
    },
    {
      id: 'admins',
      title: 'Admins',
      status: 'warning',
      summary: 'admin@inspired2uplift.org is the only admin.',
      todo: 'Make a second person you trust an admin.',
      links: [],
    },
    {
      id: 'placeholders',
      title: 'Placeholders in the content',
      status: 'warning',
      summary: '9 texts of the content are still marked as a placeholder.',
      todo: 'Open each one in the content studio, write the real text, and publish.',
      links: Array.from({ length: 9 }, (_, i) => ({
        text: `Volunteer › Getting started › Meet the team › Contact ${i + 1} name: Name to be added`,
        href: `/admin/studio?role=volunteer&field=scopes%5B0%5D.steps%5B0%5D.content.contacts%5B${i}%5D.name`,
      })),
    },
    {
      id: 'drafts',
      title: 'Draft documents',
      status: 'warning',
      summary: 'One document is marked as a draft.',
      links: [
        {
          text: 'Volunteer › Getting started › Sign the Volunteer Agreement',
          href: '/admin/studio?role=volunteer&field=scopes%5B0%5D.steps%5B1%5D.pdfDraft',
        },
      ],
    },
  ],
};

const handlers = (dismissed: boolean, puts: unknown[] = []) => ({
  'GET /api/me': () => json({ user: { ...testUser, isAdmin: true } }),
  'GET /api/admin/launch-checklist/state': () => json({ dismissed }),
  'PUT /api/admin/launch-checklist/state': ({ body }: { body: unknown }) => {
    puts.push(body);
    return json(body);
  },
  'GET /api/admin/launch-checklist': () => json(checklist),
  'POST /api/admin/launch-checklist/test-message': () =>
    json({
      to: testUser.email,
      check: {
        ...checklist.checks[1],
        summary: `The mail server accepted a test message to ${testUser.email}. Check that it arrives, and not in spam.`,
      },
    }),
  'GET /api/admin/members': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
  'GET /api/admin/roles': () => json({ roles: [], departments: [] }),
});

describe('launch checklist (docs/product.md#launch-checklist)', { timeout: 30_000 }, () => {
  it("is an admin's first page: each check with its status in words, what to do, and studio links", async () => {
    const { user, fetchMock } = renderApp('/admin', handlers(false));
    expect(await screen.findByRole('heading', { name: 'Launch checklist' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Launch checklist' })).toHaveAttribute('aria-selected', 'true');
    const checks = await screen.findByRole('list', { name: 'Launch checks' });
    const items = within(checks).getAllByRole('heading', { level: 4 });
    expect(items.map((h) => h.textContent)).toEqual([
      'Google sign-in',
      'E-mail',
      'Backups',
      'Admins',
      'Placeholders in the content',
      'Draft documents',
    ]);
    // The status is a word, not a colour only.
    for (const word of ['Ready', 'Not working', 'To do']) expect(within(checks).getAllByText(word)[0]).toBeVisible();
    expect(within(checks).getByText('Make a second person you trust an admin.')).toBeInTheDocument();

    // Studio links: the first 8 placeholders, then all of them.
    const placeholders = within(checks).getByRole('list', { name: 'Placeholders in the content: where to fix them' });
    expect(within(placeholders).getAllByRole('link')).toHaveLength(8);
    await user.click(within(checks).getByRole('button', { name: 'Show all 9' }));
    expect(within(placeholders).getAllByRole('link')).toHaveLength(9);
    expect(within(checks).getByRole('link', { name: /Sign the Volunteer Agreement/u })).toHaveAttribute(
      'href',
      '/admin/studio?role=volunteer&field=scopes%5B0%5D.steps%5B1%5D.pdfDraft',
    );

    // Send a test message: the answer says where it went.
    await user.click(within(checks).getByRole('button', { name: 'Send a test message' }));
    expect(
      await within(checks).findByText(`The mail server accepted a test message to ${testUser.email}.`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) =>
          String(input).endsWith('/api/admin/launch-checklist/test-message') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('hides for good when dismissed: the console opens on the members table, and the tab brings it back', async () => {
    const puts: unknown[] = [];
    const { user } = renderApp('/admin', handlers(false, puts));
    await user.click(await screen.findByRole('button', { name: 'Hide the checklist' }));
    expect(puts).toEqual([{ dismissed: true }]);
    expect(await screen.findByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Launch checklist' }));
    expect(await screen.findByText(/The checklist is hidden/u)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show this checklist first again' }));
    expect(puts).toEqual([{ dismissed: true }, { dismissed: false }]);
  });

  it('is not the first page of an admin who hid it, nor of a members-table link', async () => {
    renderApp('/admin', handlers(true));
    expect(await screen.findByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'Launch checklist' })).not.toBeInTheDocument();
  });

  it('a filtered members link opens the members table even while the checklist comes first', async () => {
    renderApp('/admin?department=Outreach', handlers(false));
    expect(await screen.findByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  });
});
