import type { TeamTasksInsight } from '@shared/insights-api';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showInsightCard } from '@/test/render-app';
import { TeamTasksCard } from './quiz-task-cards';

/** The insights page's team tasks card (docs/product.md#team-tasks). */

const FIGURES: TeamTasksInsight = {
  today: '2026-03-11',
  open: 5,
  overdue: 3,
  byPerson: [
    { kind: 'unassigned', email: null, name: 'Nobody', open: 2, overdue: 1 },
    { kind: 'person', email: 'bea@inspired2uplift.org', name: 'Bea', open: 1, overdue: 1 },
    { kind: 'person', email: 'lena@inspired2uplift.org', name: 'Lena', open: 1, overdue: 0 },
  ],
  byKind: [{ taskId: 'say-hello', title: 'Say hello', open: 2, overdue: 2, done: 2 }],
  newcomers: 4,
  allDone: 2,
  medianDaysToAllDone: 6.5,
};

const showCard = (answer: TeamTasksInsight) =>
  showInsightCard(
    <TeamTasksCard filters={{ role: '', department: 'Events', started: '' }} />,
    { path: '/api/admin/insights/team-tasks', query: 'department=Events', name: 'Team tasks' },
    answer,
  );

describe('insights: team tasks card', () => {
  it('says how many tasks are open and overdue, by person and by task, and the median days to all done', async () => {
    const card = await showCard(FIGURES);
    expect(
      await within(card).findByText(
        '5 team tasks are open, 3 of them overdue. 2 of 4 newcomers have all their team tasks done, a median of 6.5 days after their start date.',
      ),
    ).toBeInTheDocument();
    const people = within(card).getByRole('list', { name: 'Open team tasks by person' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nobody: 2 open, 1 overdue', 'Bea: 1 open, 1 overdue', 'Lena: 1 open']);
    const kinds = within(card).getByRole('list', { name: 'Team tasks by task' });
    expect(within(kinds).getByRole('listitem')).toHaveTextContent('Say hello: 2 open, 2 overdue, 2 done');
    expect(within(card).getByRole('link', { name: 'Download Team tasks as CSV' })).toHaveAttribute(
      'href',
      '/api/admin/insights/team-tasks.csv?department=Events',
    );
  });

  it('says when nobody has all their tasks done yet', async () => {
    const card = await showCard({
      ...FIGURES,
      open: 1,
      overdue: 0,
      allDone: 0,
      medianDaysToAllDone: null,
      newcomers: 1,
    });
    expect(
      await within(card).findByText(
        '1 team task is open, 0 of them overdue. No newcomer has all their team tasks done yet (1 newcomer with team tasks).',
      ),
    ).toBeInTheDocument();
  });
});
