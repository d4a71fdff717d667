import type { TeamTaskList } from '@shared/team-tasks-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testMemberDetail, testUser } from '@/test/fixtures';
import { json, renderApp } from '@/test/render-app';

const EMAIL = 'nora@inspired2uplift.org';
const PATH = `/api/admin/members/${encodeURIComponent(EMAIL)}`;

const detail = (buddy: string | null) =>
  testMemberDetail(
    { email: EMAIL, name: 'Nora New', lastSignInAt: null, invited: true, startOn: '2026-03-09' },
    { buddy },
  );

const base = {
  newcomer: { email: EMAIL, name: 'Nora New' },
  appointment: false,
  status: 'open' as const,
  overdue: false,
  doneAt: null,
  doneBy: null,
  note: null,
  closedReason: null,
};
const tasks = (buddy: string | null): TeamTaskList => ({
  today: '2026-03-02',
  tasks: [
    {
      ...base,
      id: '00000000-0000-4000-8000-000000000001',
      taskId: 'say-hello-in-slack',
      title: 'Say hello in Slack',
      description: 'Say hello.',
      who: 'buddy',
      assignees: buddy === null ? [] : [buddy],
      unassigned: buddy === null,
      dueOn: '2026-03-10',
    },
    {
      ...base,
      id: '00000000-0000-4000-8000-000000000002',
      taskId: 'book-welcome-call',
      title: 'Book a welcome call',
      description: 'Book it.',
      who: 'lead',
      assignees: ['lena@inspired2uplift.org'],
      unassigned: false,
      appointment: true,
      dueOn: '2026-03-14',
    },
  ],
});

function handlers(me: typeof testUser & { isAdmin?: boolean; leadOf?: string[] }) {
  let buddy: string | null = null;
  const sent: unknown[] = [];
  return {
    sent,
    routes: {
      'GET /api/me': () => json({ user: me }),
      'GET /api/admin/roles': () =>
        json({ roles: [{ key: 'volunteer', displayName: 'Volunteer' }], departments: ['Events'] }),
      [`GET ${PATH}`]: () => json(detail(buddy)),
      [`GET /api/team-tasks/newcomers/${encodeURIComponent(EMAIL)}`]: () => json(tasks(buddy)),
      [`GET ${PATH}/buddy-suggestions`]: () =>
        json({
          suggestions: [
            { email: 'otto@inspired2uplift.org', name: 'Otto', buddies: 0 },
            { email: 'bea@inspired2uplift.org', name: 'Bea', buddies: 2 },
          ],
        }),
      [`PUT ${PATH}/buddy`]: ({ body }: { body: unknown }) => {
        sent.push(body);
        buddy = (body as { buddy: string | null }).buddy;
        return json(detail(buddy));
      },
    },
  };
}

describe("a newcomer's team tasks and buddy on their member page (docs/product.md#team-tasks)", () => {
  it(
    'shows an admin the tasks with the unassigned one marked, and sets a suggested buddy who then has the task',
    { timeout: 20_000 },
    async () => {
      const { routes, sent } = handlers({ ...testUser, isAdmin: true });
      const { user } = renderApp(`/admin/members/${encodeURIComponent(EMAIL)}`, routes);
      const hello = await screen.findByRole('listitem', { name: 'Say hello in Slack' });
      expect(within(hello).getByText('Nobody assigned')).toBeInTheDocument();
      expect(within(hello).getByText('Who: Nobody: no buddy yet')).toBeInTheDocument();
      expect(screen.getByText(/1 task has nobody to do it: it is up to the admins\./)).toBeInTheDocument();
      const call = screen.getByRole('listitem', { name: 'Book a welcome call' });
      expect(within(call).getByText('Who: Lead: lena@inspired2uplift.org')).toBeInTheDocument();
      expect(within(call).getByText('Due Sat 14 Mar')).toBeInTheDocument();

      expect(screen.getByText(/^No buddy yet\./)).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Choose Otto (no buddies yet)' }));
      expect(await screen.findByText('The buddy is otto@inspired2uplift.org.')).toBeInTheDocument();
      expect(sent).toEqual([{ buddy: 'otto@inspired2uplift.org' }]);
      const helloNow = await screen.findByText('Who: Buddy: otto@inspired2uplift.org');
      expect(within(helloNow.closest('li')!).queryByText('Nobody assigned')).not.toBeInTheDocument();
      expect(screen.queryByText(/nobody to do/)).not.toBeInTheDocument();
      // The buddy is suggested no more; Bea still is.
      expect(screen.queryByRole('button', { name: /^Choose Otto/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Choose Bea (buddy of 2)' })).toBeInTheDocument();
    },
  );

  it(
    'shows the department lead the tasks and the buddy field, and lets them type a buddy’s address',
    { timeout: 20_000 },
    async () => {
      const { routes, sent } = handlers({ ...testUser, leadOf: ['Events'] });
      const { user } = renderApp(`/admin/members/${encodeURIComponent(EMAIL)}`, routes);
      await screen.findByRole('listitem', { name: 'Say hello in Slack' });
      // A lead is not told the unassigned tasks are theirs.
      expect(screen.getByText(/the admins see it in their tasks\./)).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Buddy’s e-mail address' }), 'bea@inspired2uplift.org');
      await user.click(screen.getByRole('button', { name: 'Save buddy' }));
      expect(await screen.findByText('The buddy is bea@inspired2uplift.org.')).toBeInTheDocument();
      expect(sent).toEqual([{ buddy: 'bea@inspired2uplift.org' }]);
    },
  );
});

describe('the invite form’s buddy (docs/product.md#team-tasks)', () => {
  it('sends the buddy with the invitation', { timeout: 20_000 }, async () => {
    const { routes, sent } = handlers({ ...testUser, isAdmin: true });
    const invited: unknown[] = [];
    const { user } = renderApp('/admin?tab=invite', {
      ...routes,
      'GET /api/admin/departments': () =>
        json({ items: [{ name: 'Events', retired: false, members: 1, leads: 0 }], unlisted: [] }),
      [`PUT ${PATH}`]: ({ body }) => {
        invited.push(body);
        return json(detail('bea@inspired2uplift.org'));
      },
    });
    await user.type(await screen.findByLabelText('E-mail address'), EMAIL);
    await user.type(screen.getByLabelText('Start date (optional: else their first sign-in)'), '2026-03-09');
    await user.type(screen.getByLabelText(/^Buddy’s e-mail address/), 'Bea@inspired2uplift.org');
    await user.selectOptions(screen.getByLabelText('Department'), 'Events');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(`Invited ${EMAIL}`)).toBeInTheDocument();
    expect(invited).toEqual([
      expect.objectContaining({ startOn: '2026-03-09', buddy: 'bea@inspired2uplift.org', department: 'Events' }),
    ]);
    expect(sent).toEqual([]);
  });
});
