import type { Quizzes } from '@shared/insights-api';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { showInsightCard } from '@/test/render-app';
import { QuizzesCard } from './quiz-task-cards';

const NOT_TAKEN: Quizzes['quizzes'][number] = {
  stepId: 'data-quiz',
  title: 'Data protection',
  members: 0,
  passed: 0,
  passRate: null,
  tries: 0,
  triesToPass: null,
  mostMissed: [],
};

const QUIZZES: Quizzes = {
  quizzes: [
    {
      stepId: 'safeguarding-quiz',
      title: 'Safeguarding: check what you know',
      members: 4,
      passed: 3,
      passRate: 75,
      tries: 6,
      triesToPass: 1.7,
      mostMissed: [
        {
          questionId: 'danger-now',
          text: 'Someone is in danger right now. What do you do first?',
          wrong: 3,
          percent: 50,
        },
        { questionId: 'someone-tells-you', text: 'A young person tells you something.', wrong: 2, percent: 33 },
      ],
    },
    NOT_TAKEN,
  ],
};

const showCard = (answer: Quizzes) =>
  showInsightCard(
    <QuizzesCard filters={{ role: 'volunteer', department: '', started: '' }} />,
    { path: '/api/admin/insights/quizzes', query: 'role=volunteer', name: 'Quizzes' },
    answer,
  );

describe('insights: quizzes card', () => {
  it('says each quiz’s pass rate and tries and lists the questions most often answered wrong; the table holds the same', async () => {
    const card = await showCard(QUIZZES);
    expect(
      await within(card).findByText(
        "The question most often answered wrong: 'Someone is in danger right now. What do you do first?' (Safeguarding: check what you know), in 50% of tries.",
      ),
    ).toBeInTheDocument();
    const list = within(card).getByRole('list', { name: 'Quizzes' });
    expect(
      within(list).getByText('3 of 4 members passed (75%), in 6 tries; those who passed needed 1.7 tries on average.'),
    ).toBeInTheDocument();
    expect(within(list).getByText('Nobody has taken it yet.')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((item) => item.closest('ol') !== null)
        .map((item) => item.textContent),
    ).toEqual([
      'Someone is in danger right now. What do you do first? (3 tries, 50% of tries)',
      'A young person tells you something. (2 tries, 33% of tries)',
    ]);
    expect(within(card).getByRole('link', { name: 'Download Quizzes as CSV' })).toHaveAttribute(
      'href',
      '/api/admin/insights/quizzes.csv?role=volunteer',
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Show table' }));
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [],
      [
        '4',
        '3',
        '75%',
        '6',
        '1.7',
        'Someone is in danger right now. What do you do first? (50%); A young person tells you something. (33%)',
      ],
      ['0', '0', '—', '0', '—', '—'],
    ]);
  });

  it('says so when nobody matching the filters has taken a quiz', async () => {
    const card = await showCard({ quizzes: [NOT_TAKEN] });
    expect(await within(card).findByText('Nobody matching these filters has taken a quiz yet.')).toBeInTheDocument();
  });
});
