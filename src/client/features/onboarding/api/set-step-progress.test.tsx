import type { Onboarding } from '@shared/onboarding-join';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOnboarding } from '@/test/fixtures';
import { apiError, json, renderApp } from '@/test/render-app';

/** A response the test releases when it wants, to observe the page while the request is in flight. */
function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const card = (title: string) => screen.getByRole('article', { name: title });
const bar = () => screen.getByRole('progressbar', { name: 'Onboarding progress' });

describe('completing a step', () => {
  it('updates at once and keeps the change when the server saves it', async () => {
    const put = deferred();
    const { user, fetchMock, queryClient } = renderApp('/dashboard', {
      'PUT /api/progress/steps/sign-in-to-chrome': () => put.promise,
    });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });

    await user.click(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Complete' }));

    // Optimistic: the page shows the new state before the server has answered.
    expect(within(card('Sign in to your Chrome profile')).getByText('Completed')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('20%')).toBeInTheDocument();
    expect(within(card('Change your password')).getByText('Active')).toBeInTheDocument();
    // The next step opens, the completed one closes.
    expect(within(card('Change your password')).getByRole('button', { name: 'Change your password' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const call = fetchMock.mock.calls.find(([url]) => url === '/api/progress/steps/sign-in-to-chrome');
    expect(call?.[1]).toMatchObject({
      method: 'PUT',
      body: JSON.stringify({ completed: true }),
      credentials: 'same-origin',
      headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
    });

    put.resolve(json({ stepId: 'sign-in-to-chrome', completed: true, completedAt: '2025-02-01T10:00:00.000Z' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<Onboarding>(['onboarding'])?.progress.completed).toEqual([
        { stepId: 'sign-in-to-chrome', completedAt: '2025-02-01T10:00:00.000Z' },
      ]),
    );
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    expect(
      within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Reset step' }),
    ).toBeInTheDocument();
  });

  it('rolls back and explains when the server refuses', async () => {
    const put = deferred();
    const { user } = renderApp('/dashboard', { 'PUT /api/progress/steps/sign-in-to-chrome': () => put.promise });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });

    await user.click(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Complete' }));
    expect(bar()).toHaveAttribute('aria-valuenow', '20');

    put.resolve(apiError(500, 'Your progress could not be stored right now.', 'Internal Server Error'));

    expect(await screen.findByText('Could not save your progress')).toBeInTheDocument();
    expect(screen.getByText('Your progress could not be stored right now.')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0%')).toBeInTheDocument();
    const first = card('Sign in to your Chrome profile');
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
  });

  it('resets a completed step', async () => {
    const { user, fetchMock } = renderApp('/dashboard', {
      'GET /api/onboarding': () => json(testOnboarding({ completed: ['sign-in-to-chrome'] })),
      'PUT /api/progress/steps/sign-in-to-chrome': ({ body }) =>
        json({ stepId: 'sign-in-to-chrome', completed: (body as { completed: boolean }).completed, completedAt: null }),
    });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    expect(bar()).toHaveAttribute('aria-valuenow', '20');

    await user.click(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Reset step' }));

    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    expect(within(card('Sign in to your Chrome profile')).getByText('Active')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/progress/steps/sign-in-to-chrome',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ completed: false }) }),
      ),
    );
  });
});
