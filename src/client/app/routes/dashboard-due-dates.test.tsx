import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('@/features/onboarding/components/widgets/pdf-document', () => ({ PdfDocument: () => null }));
import { testOnboarding } from '@/test/fixtures';
import { apiError, json, renderApp } from '@/test/render-app';

/** docs/product.md#due-dates-and-reminders: due dates on the step cards, the overdue count, and a reminder's link. */

const due = {
  today: '2026-12-03',
  timeZone: 'Europe/London',
  startOn: '2026-11-28',
  steps: [
    { stepId: 'sign-in-to-chrome', dueOn: '2026-11-30', daysLate: 3 },
    { stepId: 'change-password', dueOn: '2026-12-02', daysLate: 1 },
    { stepId: 'set-up-slack', dueOn: '2026-12-05', daysLate: -2 },
  ],
};

const card = (title: string) => screen.getByRole('article', { name: title });

describe('due dates on the dashboard', () => {
  it('shows "Overdue by" and "Due" on steps not completed, none on completed ones, and the overdue count', async () => {
    const onboarding = testOnboarding();
    onboarding.progress.completed = [{ stepId: 'change-password', completedAt: '2026-12-01T10:00:00.000Z' }];
    renderApp('/dashboard', {
      'GET /api/onboarding': () => json(onboarding),
      'GET /api/onboarding/due': () => json(due),
    });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    await waitFor(() =>
      expect(within(card('Sign in to your Chrome profile')).getByText('Overdue by 3 days')).toBeInTheDocument(),
    );
    expect(within(card('Set up Slack')).getByText('Due Sat 5 Dec')).toBeInTheDocument();
    expect(within(card('Change your password')).queryByText(/Overdue|Due/u)).not.toBeInTheDocument();
    expect(screen.getByText(/1 step is overdue/u)).toBeInTheDocument();
  });

  it('opens the step a link names (?step=) instead of the first one', async () => {
    renderApp('/dashboard?step=set-up-slack', { 'GET /api/onboarding/due': () => json(due) });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    const toggle = within(card('Set up Slack')).getByRole('button', { name: /Set up Slack/u });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(card('Sign in to your Chrome profile')).getByRole('button', { name: /Sign in to your Chrome profile/u }),
    ).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends a visitor without a session to the login page with the step to come back to', async () => {
    const { pageLoads } = renderApp('/dashboard?step=set-up-slack', {
      'GET /api/me': () => apiError(401, 'Please sign in to continue.', 'Unauthorized'),
    });
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login?returnTo=%2Fdashboard%3Fstep%3Dset-up-slack'));
  });
});
