import type { Funnel, FunnelStep } from '@shared/insights-api';
import { stalledMeaning } from '@shared/stalled';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInsightCard } from '@/test/render-app';
import { FunnelCard } from './funnel-card';

/**
 * The Insights funnel says what "Stalled" means beside its counts (docs/product.md#due-dates-and-reminders): the one
 * definition's sentence (src/shared/stalled.ts, the members table shows the same) with the server's number of days,
 * how many are stalled, and a link to them in the members table.
 */

const SLACK: FunnelStep = {
  stepId: 'slack',
  title: 'Set up Slack',
  eligible: 4,
  completed: 1,
  current: 3,
  stalled: 2,
  medianWaitDays: 12,
};

const FUNNEL: Funnel = {
  role: 'volunteer',
  roleLabel: 'Volunteer',
  members: 4,
  complete: 1,
  stalled: 2,
  stalledAfterDays: 10,
  steps: [SLACK],
  calledOut: SLACK,
  roles: [{ role: 'volunteer', roleLabel: 'Volunteer', members: 4, complete: 1 }],
};

const renderCard = (answer: Funnel) =>
  renderInsightCard(
    <FunnelCard filters={{ role: 'volunteer', department: '', started: '' }} view="" onViewChange={() => {}} />,
    '/api/admin/insights/funnel',
    answer,
  );

describe('insights: what "Stalled" means', () => {
  it('explains stalled with the server’s days, says how many are stalled and links to them', async () => {
    renderCard(FUNNEL);
    const meaning = await screen.findByTestId('stalled-meaning');
    expect(meaning).toHaveTextContent(`${stalledMeaning(10)} 2 members are stalled now. See who is stalled`);
    expect(meaning).toHaveTextContent('for 10 days or more');
    const link = within(meaning).getByRole('link', { name: 'See who is stalled in the members table' });
    expect(new URL(link.getAttribute('href') ?? '', 'http://localhost').searchParams.get('stalled')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Show table' }));
    expect(screen.getByRole('columnheader', { name: 'Stalled (waiting 10+ days)' })).toBeInTheDocument();
  });

  it('says nobody is stalled, with the same days as its explanation, and offers no empty list', async () => {
    renderCard({ ...FUNNEL, stalled: 0, calledOut: null, steps: [{ ...SLACK, stalled: 0 }] });
    const meaning = await screen.findByTestId('stalled-meaning');
    expect(meaning).toHaveTextContent(`${stalledMeaning(10)} Nobody here is stalled now.`);
    expect(within(meaning).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('funnel-callout')).toHaveTextContent(
      'Nobody has been waiting on a step for 10 days or more.',
    );
  });
});
