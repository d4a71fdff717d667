import type { Onboarding } from '@shared/onboarding-join';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SAVED_TEXT, UNSAVED_TEXT } from '@/features/onboarding/components/progress-save-notice';
import { testOnboarding } from '@/test/fixtures';
import { apiError, type Handler, json, renderApp } from '@/test/render-app';
import { CHECKLIST_ITEMS, testWidgetOnboarding } from '@/test/widget-fixtures';

vi.mock('@/features/onboarding/components/widgets/pdf-document', () => ({ PdfDocument: () => null }));

/**
 * Database unavailable (docs/architecture.md#database-unavailable): a progress write that gets 503 (or no answer) keeps
 * the member's change on the page, says so, is sent again with backoff until the server stores it, then confirms. Real
 * timers: the backoff waits 1 s, then 2 s.
 */

const card = (title: string) => screen.getByRole('article', { name: title });
const bar = () => screen.getByRole('progressbar', { name: 'Onboarding progress' });
const unavailable = () =>
  apiError(503, 'The database is unavailable. Please try again in a moment.', 'Service Unavailable');

/** A PUT route that answers `failures` times with `failure`, then with `success`; records when each call came. */
function flakyRoute(failures: number, failure: () => Response | Promise<Response>, success: Handler) {
  const calls: number[] = [];
  const handler: Handler = (request) => {
    calls.push(Date.now());
    if (calls.length <= failures) return failure();
    return typeof success === 'function' ? success(request) : success;
  };
  return { handler, calls };
}

const savedStep = (stepId: string) => json({ stepId, completed: true, completedAt: '2025-02-01T10:00:00.000Z' });

describe('a progress write while the database is unavailable', () => {
  it('keeps the completed step, says so, retries with backoff and confirms once saved', async () => {
    let stored = false;
    const route = flakyRoute(2, unavailable, () => {
      stored = true;
      return savedStep('sign-in-to-chrome');
    });
    const { user, queryClient } = renderApp('/dashboard', {
      'PUT /api/progress/steps/sign-in-to-chrome': route.handler,
      'GET /api/onboarding': () => json(testOnboarding({ completed: stored ? ['sign-in-to-chrome'] : [] })),
    });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });

    await user.click(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Complete' }));

    // The message says what happened and what to do, and the change stays shown.
    expect((await screen.findAllByText(UNSAVED_TEXT.database)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(UNSAVED_TEXT.title).length).toBeGreaterThan(0);
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    expect(within(card('Sign in to your Chrome profile')).getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByText('Could not save your progress')).not.toBeInTheDocument();

    expect(await screen.findByText(SAVED_TEXT.title, {}, { timeout: 6000 })).toBeInTheDocument();
    expect(stored).toBe(true);
    expect(route.calls).toHaveLength(3);
    // Backoff: about 1 s before the second try, about 2 s before the third.
    expect((route.calls[1] ?? 0) - (route.calls[0] ?? 0)).toBeGreaterThanOrEqual(900);
    expect((route.calls[2] ?? 0) - (route.calls[1] ?? 0)).toBeGreaterThanOrEqual(1900);
    await waitFor(() => expect(screen.queryAllByText(UNSAVED_TEXT.database)).toHaveLength(0));
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    // Once saved, the page asks for the onboarding again and shows what the server stored.
    await waitFor(() =>
      expect(queryClient.getQueryData<Onboarding>(['onboarding'])?.progress.completed).toEqual([
        { stepId: 'sign-in-to-chrome', completedAt: '2025-01-01T00:00:00.000Z' },
      ]),
    );
  }, 15_000);

  it('does not take the change back when the onboarding is fetched again meanwhile', async () => {
    let stored = false;
    const route = flakyRoute(1, unavailable, () => {
      stored = true;
      return savedStep('sign-in-to-chrome');
    });
    let reads = 0;
    const { user, queryClient } = renderApp('/dashboard', {
      'PUT /api/progress/steps/sign-in-to-chrome': route.handler,
      'GET /api/onboarding': () => {
        reads += 1;
        return json(testOnboarding({ completed: stored ? ['sign-in-to-chrome'] : [] }));
      },
    });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    await user.click(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Complete' }));
    expect((await screen.findAllByText(UNSAVED_TEXT.database)).length).toBeGreaterThan(0);

    // A refetch answers without the change (the server has not stored it): the page keeps it.
    const readsBefore = reads;
    await queryClient.refetchQueries({ queryKey: ['onboarding'], exact: true });
    expect(reads).toBe(readsBefore + 1);
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    expect(within(card('Sign in to your Chrome profile')).getByText('Completed')).toBeInTheDocument();

    expect(await screen.findByText(SAVED_TEXT.title, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(stored).toBe(true);
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
  });

  it('says the server cannot be reached when there is no answer at all, and saves once it can', async () => {
    const route = flakyRoute(
      1,
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => savedStep('sign-in-to-chrome'),
    );
    const { user } = renderApp('/dashboard', { 'PUT /api/progress/steps/sign-in-to-chrome': route.handler });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    await user.click(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Complete' }));

    expect((await screen.findAllByText(UNSAVED_TEXT.network)).length).toBeGreaterThan(0);
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    expect(await screen.findByText(SAVED_TEXT.title, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(route.calls).toHaveLength(2);
  });

  it('keeps a checklist tick the same way', async () => {
    const at = '2025-01-01T00:00:00.000Z';
    let stored = false;
    const route = flakyRoute(1, unavailable, () => {
      stored = true;
      const step = { stepId: 'first-call-checklist', completed: false, completedAt: null };
      return json({ stepId: 'first-call-checklist', itemId: 'calendar', done: true, doneAt: at, step });
    });
    const { user, queryClient } = renderApp('/dashboard', {
      'GET /api/onboarding': () =>
        json(testWidgetOnboarding({ items: stored ? [{ stepId: 'first-call-checklist', itemId: 'calendar' }] : [] })),
      'PUT /api/progress/steps/first-call-checklist/items/calendar': route.handler,
    });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    const checklist = card('Get ready for your first call');
    const box = within(checklist).getByRole('checkbox', { name: 'Accepted the calendar invitation' });
    await user.click(box);

    expect((await screen.findAllByText(UNSAVED_TEXT.database)).length).toBeGreaterThan(0);
    expect(box).toBeChecked();
    expect(within(checklist).getByText(`1 of ${CHECKLIST_ITEMS.length} done`)).toBeInTheDocument();

    expect(await screen.findByText(SAVED_TEXT.title, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(stored).toBe(true);
    expect(box).toBeChecked();
    expect(queryClient.getQueryData<Onboarding>(['onboarding'])?.progress.items).toEqual([
      { stepId: 'first-call-checklist', itemId: 'calendar', doneAt: at },
    ]);
  });

  it('still rolls back at once, without trying again, when the server refuses the write (4xx)', async () => {
    const route = flakyRoute(
      1,
      () => apiError(409, 'A role preview never changes your progress.', 'Conflict'),
      () => savedStep('sign-in-to-chrome'),
    );
    const { user } = renderApp('/dashboard', { 'PUT /api/progress/steps/sign-in-to-chrome': route.handler });
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    await user.click(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText('Could not save your progress')).toBeInTheDocument();
    expect(screen.getByText('A role preview never changes your progress.')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryAllByText(UNSAVED_TEXT.database)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(route.calls).toHaveLength(1);
  });
});

describe('reading the onboarding while the database is unavailable', () => {
  it("shows the Error page with 'Try again', which loads the steps once the server is back", async () => {
    // React and React Router report the caught render error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let up = false;
    const { user } = renderApp('/dashboard', {
      'GET /api/onboarding': () => (up ? json(testOnboarding()) : unavailable()),
    });
    // (The app tries a failed read three times before it gives up; the tests' query client does not retry reads.)
    expect(await screen.findByRole('heading', { name: 'Application Error' }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable. Please try again in a moment.')).toBeInTheDocument();

    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
  });
});
