import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PROGRESS_KEYS } from '@/features/onboarding/hooks/use-local-progress';
import { DEMO_CONFETTI_PIECES, playConfetti } from '@/lib/confetti';
import { apiError, json, renderApp } from '@/test/render-app';
import { testDemo, widgetSteps } from '@/test/widget-fixtures';

vi.mock('@/lib/confetti', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  playConfetti: vi.fn(() => () => {}),
}));
vi.mock('@/features/onboarding/components/widgets/pdf-document', () => ({ PdfDocument: () => null }));

const card = (title: string) => screen.getByRole('article', { name: title });
const bar = () => screen.getByRole('progressbar', { name: 'Onboarding progress' });
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

async function renderDemo(handlers: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/test', {
    'GET /api/demo': () => json(testDemo()),
    // Nobody is signed in on the demo page.
    'GET /api/me': () => apiError(401, 'Please sign in to continue.', 'Unauthorized'),
    ...handlers,
  });
  await screen.findByRole('heading', { name: 'Welcome, Demo!' });
  return app;
}

describe('demo page /test', () => {
  it("shows 'Beta' and 'Demo', a fake user, 'Return to Login', the Step Examples note and the test steps", async () => {
    // Thursday 26 November 2026: the deadline is the Saturday after next, never a date that has passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 10, 0));
    await renderDemo();
    const header = screen.getByRole('banner');
    // Beside the title and in the narrow widths' menu (see dashboard.test.tsx).
    expect(within(header).getAllByText('Beta')).toHaveLength(2);
    expect(within(header).getAllByText('Demo')).toHaveLength(2);
    expect(within(header).getByText('Demo User')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step Examples' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /Please send the onboarding steps for your team by Saturday 5 December\. Report back even if you have none\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      widgetSteps.map((s) => s.title),
    );
    expect(bar()).toHaveAttribute('aria-valuenow', '0');

    // The login page is its own document (docs/decisions/012-login-page-own-entry.md): a plain link loads it.
    expect(within(header).getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
  });

  it('keeps progress in this browser only: completing, ticking and resetting write no progress to the server', async () => {
    const { user, fetchMock } = await renderDemo();
    const checklist = card('Get ready for your first call');
    expect(within(checklist).getByRole('button', { name: 'Complete' })).toBeDisabled();
    expect(within(checklist).getByText('Tick every item below to complete this step.')).toBeInTheDocument();
    expect(
      within(checklist).getByRole('heading', { name: 'Before your first call, check that you have:' }),
    ).toBeInTheDocument();

    for (const item of ['Accepted the calendar invitation', 'Tested your microphone']) {
      await user.click(within(checklist).getByRole('checkbox', { name: item }));
    }
    expect(within(checklist).getByText('2 of 3 done')).toBeInTheDocument();
    expect(within(checklist).getByText('Active')).toBeInTheDocument();
    await user.click(within(checklist).getByRole('checkbox', { name: 'Read the agenda' }));
    expect(within(checklist).getByText('Completed')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    expect(stored(DEMO_PROGRESS_KEYS.steps)).toEqual(['first-call-checklist']);
    expect(stored(DEMO_PROGRESS_KEYS.items)).toEqual({ 'first-call-checklist': ['calendar', 'audio', 'agenda'] });

    // Unticking one afterwards un-completes the step.
    await user.click(within(checklist).getByRole('checkbox', { name: 'Tested your microphone' }));
    expect(within(checklist).queryByText('Completed')).not.toBeInTheDocument();
    expect(stored(DEMO_PROGRESS_KEYS.steps)).toEqual([]);

    // Reset clears every tick.
    await user.click(within(checklist).getByRole('button', { name: 'Reset all ticks' }));
    expect(
      within(checklist)
        .getAllByRole('checkbox')
        .every((c) => c.getAttribute('aria-checked') === 'false'),
    ).toBe(true);
    expect(stored(DEMO_PROGRESS_KEYS.items)).toEqual({});

    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toEqual([]);
  });

  it("completes an acknowledgment step when every 'I acknowledge' is ticked", async () => {
    const { user } = await renderDemo();
    const values = card('Our values');
    await user.click(within(values).getByRole('button', { name: 'Our values' }));
    expect(within(values).getByRole('heading', { name: 'Please read each value:' })).toBeInTheDocument();
    const boxes = within(values).getAllByRole('checkbox', { name: 'I acknowledge' });
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toHaveAccessibleDescription('Inclusion: everyone belongs here.');
    expect(within(values).getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
    await user.click(boxes[0] as HTMLElement);
    expect(within(values).getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
    await user.click(boxes[1] as HTMLElement);
    expect(within(values).getByText('Completed')).toBeInTheDocument();
    expect(within(values).getByRole('button', { name: 'Reset step' })).toBeInTheDocument();

    // The reset icon also unticks the acknowledgments.
    await user.click(within(values).getByRole('button', { name: 'Reset step' }));
    expect(
      within(values)
        .getAllByRole('checkbox', { name: 'I acknowledge' })
        .map((c) => c.getAttribute('aria-checked')),
    ).toEqual(['false', 'false']);
  });

  it('shows saved progress again on the next visit, and discards saved progress it cannot read', async () => {
    localStorage.setItem(DEMO_PROGRESS_KEYS.steps, JSON.stringify(['first-call-checklist', 'our-values']));
    localStorage.setItem(DEMO_PROGRESS_KEYS.items, '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderDemo();
    expect(bar()).toHaveAttribute('aria-valuenow', '40');
    expect(warn).toHaveBeenCalledWith('Error parsing saved progress');
    expect(localStorage.getItem(DEMO_PROGRESS_KEYS.items)).toBeNull();
  });

  it('shows the password placeholder for visitors who are not signed in', async () => {
    const { user } = await renderDemo();
    const password = card('Test shared password');
    await user.click(within(password).getByRole('button', { name: 'Test shared password' }));
    expect(within(password).getByText('Sign in to view with Google')).toBeInTheDocument();
  });

  it("plays 300 pieces of confetti at 100% and shows 'Onboarding complete!'", async () => {
    localStorage.setItem(DEMO_PROGRESS_KEYS.steps, JSON.stringify(widgetSteps.map((s) => s.id)));
    await renderDemo();
    expect(screen.getByText('Onboarding complete!')).toBeInTheDocument();
    await waitFor(() => expect(playConfetti).toHaveBeenCalledWith(DEMO_CONFETTI_PIECES));
    expect(DEMO_CONFETTI_PIECES).toBe(300);
  });

  it('keeps keyboard focus on the step when it is completed and reset (docs/product.md#accessibility, WCAG 2.4.3)', async () => {
    const { user } = await renderDemo();
    const people = card('Meet your people');
    within(people).getByRole('button', { name: 'Complete' }).focus();
    await user.keyboard('{Enter}');
    // The pressed button is gone: its replacement, the reset icon, has focus instead of the page.
    await waitFor(() => expect(within(people).getByRole('button', { name: 'Reset step' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(people).getByRole('button', { name: 'Meet your people' })).toHaveFocus());
    expect(within(people).getByRole('button', { name: 'Complete' })).toBeEnabled();
  });

  it('explains when the demo steps cannot be loaded', async () => {
    renderApp('/test', {
      'GET /api/demo': () => apiError(404, 'The demo steps are not available right now.', 'Not Found'),
    });
    expect(await screen.findByText('The demo steps could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The demo steps are not available right now.')).toBeInTheDocument();
  });
});
