import type { TeamTaskList, TeamTaskView } from '@shared/team-tasks-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testTeamTask, testUser } from '@/test/fixtures';
import { apiError, json, renderApp } from '@/test/render-app';

const NORA = { email: 'nora@inspired2uplift.org', name: 'Nora New' };
const OLLIE = { email: 'ollie@inspired2uplift.org', name: 'Ollie Other' };

const task = (over: Partial<TeamTaskView> & Pick<TeamTaskView, 'id' | 'title' | 'dueOn'>) =>
  testTeamTask({ newcomer: NORA, ...over });

/** As the server sends them: overdue first, then open by due date. */
const list = (): TeamTaskList => ({
  today: '2026-03-10',
  tasks: [
    task({
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Say hello',
      dueOn: '2026-03-08',
      overdue: true,
      newcomer: OLLIE,
    }),
    task({
      id: '00000000-0000-4000-8000-000000000002',
      title: 'Book a welcome call',
      dueOn: '2026-03-14',
      appointment: true,
    }),
    task({
      id: '00000000-0000-4000-8000-000000000003',
      title: 'Show the shared drive',
      dueOn: '2026-03-20',
      newcomer: OLLIE,
    }),
  ],
});

describe("'My tasks' (docs/product.md#team-tasks)", () => {
  it(
    'groups the tasks by newcomer with overdue first, and marks one done with a note using the keyboard only',
    { timeout: 20_000 },
    async () => {
      const sent: unknown[] = [];
      let answer = list();
      const { user } = renderApp('/dashboard', {
        'GET /api/team-tasks/mine': () => json(answer),
        'PUT /api/team-tasks/00000000-0000-4000-8000-000000000002': ({ body }) => {
          sent.push(body);
          const done = {
            ...answer.tasks[1]!,
            status: 'done' as const,
            doneAt: '2026-03-10T09:00:00.000Z',
            doneBy: testUser.email,
            note: 'Booked for Friday',
          };
          answer = { ...answer, tasks: [answer.tasks[0]!, answer.tasks[2]!, done] };
          return json(done);
        },
      });
      // The header links to 'My tasks' for someone with tasks, with how many are open.
      await user.click(await screen.findByRole('link', { name: 'My tasks 3 open' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'My tasks' })).toBeInTheDocument();
      expect(screen.getByText('3 tasks to do, 1 overdue.')).toBeInTheDocument();
      const groups = screen.getAllByRole('region', { name: /^Tasks for / });
      expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Tasks for Ollie Other', 'Tasks for Nora New']);
      const ollie = groups[0]!;
      expect(
        within(ollie)
          .getAllByRole('heading', { level: 4 })
          .map((h) => h.textContent),
      ).toEqual(['Say hello', 'Show the shared drive']);
      expect(within(ollie).getByText('Overdue by 2 days')).toBeInTheDocument();
      const call = within(groups[1]!).getByRole('listitem', { name: 'Book a welcome call' });
      expect(within(call).getByText('Due Sat 14 Mar')).toBeInTheDocument();
      expect(within(call).getByText('Meeting')).toBeInTheDocument();

      // Keyboard only: Tab to 'Mark as done' of the welcome call, Enter, type the note, Enter on 'Save as done'.
      const markDone = within(call).getByRole('button', { name: 'Mark as done' });
      markDone.focus();
      await user.keyboard('{Enter}');
      const note = within(call).getByRole('textbox', { name: 'Note (optional)' });
      expect(note).toHaveFocus();
      await user.keyboard('Booked for Friday');
      await user.tab();
      expect(within(call).getByRole('button', { name: 'Save as done' })).toHaveFocus();
      await user.keyboard('{Enter}');
      await screen.findByText('2 tasks to do, 1 overdue.');
      expect(sent).toEqual([{ done: true, note: 'Booked for Friday' }]);
      const doneItem = screen.getByRole('listitem', { name: 'Book a welcome call' });
      expect(within(doneItem).getByText('Done')).toBeInTheDocument();
      expect(within(doneItem).getByText(/Note: Booked for Friday/)).toBeInTheDocument();
    },
  );

  it('says so when there are no tasks, and shows the error with a way to try again', { timeout: 20_000 }, async () => {
    let fail = true;
    const { user } = renderApp('/tasks', {
      'GET /api/team-tasks/mine': () =>
        fail ? apiError(503, 'The database is not answering.') : json({ today: '2026-03-10', tasks: [] }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your tasks could not be loaded: The database is not answering.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have no tasks for newcomers\./)).toBeInTheDocument();
    // No tasks: no header link.
    expect(screen.queryByRole('link', { name: /My tasks/ })).not.toBeInTheDocument();
  });
});
