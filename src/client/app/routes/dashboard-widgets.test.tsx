import type { RoleContent } from '@shared/api';
import type { Onboarding } from '@shared/onboarding-join';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DASHBOARD_CONFETTI_PIECES, playConfetti } from '@/lib/confetti';
import { testConfig, testUser } from '@/test/fixtures';
import { onboardingAnswers, onboardingViewSchema } from '@/test/onboarding-answers';
import { apiError, type Handler, json, renderApp } from '@/test/render-app';
import { ACKNOWLEDGMENT_ITEMS, CHECKLIST_ITEMS, testWidgetOnboarding, widgetSteps } from '@/test/widget-fixtures';

vi.mock('@/lib/confetti', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  playConfetti: vi.fn(() => () => {}),
}));
vi.mock('@/features/onboarding/components/widgets/pdf-document', () => ({ PdfDocument: () => null }));

const card = (title: string) => screen.getByRole('article', { name: title });
const bar = () => screen.getByRole('progressbar', { name: 'Onboarding progress' });

/**
 * The item and step routes of the server, in memory, with the server's rules: the last tick completes the step, an
 * untick un-completes it, un-completing a step unticks its items.
 */
function progressServer() {
  const ticked = new Map<string, Set<string>>();
  const completed = new Set<string>();
  const itemsOf: Record<string, readonly string[]> = {
    'first-call-checklist': CHECKLIST_ITEMS,
    'our-values': ACKNOWLEDGMENT_ITEMS,
  };
  const handlers: Record<string, Handler> = {};
  for (const [stepId, items] of Object.entries(itemsOf)) {
    for (const itemId of items) {
      handlers[`PUT /api/progress/steps/${stepId}/items/${itemId}`] = ({ body }) => {
        const { done } = body as { done: boolean };
        const set = ticked.get(stepId) ?? new Set<string>();
        if (done) set.add(itemId);
        else set.delete(itemId);
        ticked.set(stepId, set);
        if (!done) completed.delete(stepId);
        else if (items.every((i) => set.has(i))) completed.add(stepId);
        const at = '2025-03-01T10:00:00.000Z';
        return json({
          stepId,
          itemId,
          done,
          doneAt: done ? at : null,
          step: { stepId, completed: completed.has(stepId), completedAt: completed.has(stepId) ? at : null },
        });
      };
    }
    handlers[`PUT /api/progress/steps/${stepId}`] = ({ body }) => {
      const { completed: value } = body as { completed: boolean };
      if (!value) {
        ticked.delete(stepId);
        completed.delete(stepId);
      }
      return json({ stepId, completed: value, completedAt: value ? '2025-03-01T10:00:00.000Z' : null });
    };
  }
  return { handlers, ticked, completed };
}

async function renderWidgets(handlers: Record<string, Handler> = {}, onboarding = testWidgetOnboarding()) {
  const app = renderApp('/dashboard', { 'GET /api/onboarding': () => json(onboarding), ...handlers });
  await screen.findByRole('heading', { name: 'Welcome, Alex!' });
  return app;
}

/** Answers GET /api/onboarding?previewRole=… with `answer` (the stubbed network only sees paths). */
function answerPreviews(fetchMock: ReturnType<typeof renderApp>['fetchMock'], answer: () => Response) {
  const original = fetchMock.getMockImplementation();
  // Sent as the server sends it: the member's answer, and the previewed role's content at the address it names.
  const contents = new Map<string, RoleContent>();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/onboarding?previewRole=')) {
      const response = answer();
      if (!response.ok) return response;
      const sent = onboardingAnswers(onboardingViewSchema.parse(await response.json()));
      contents.set(sent.path, sent.content);
      return json(sent.answer);
    }
    const content = contents.get(url);
    if (content !== undefined) return json(content);
    if (!original) throw new Error('the network stub has no implementation');
    return original(input, init);
  });
}

const puts = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([url, init]) => `${String(url)} ${String((init as RequestInit).body)}`);

describe('checklist step on the dashboard', () => {
  it('stores every tick on the server; the last tick completes the step, an untick un-completes it', async () => {
    const server = progressServer();
    const { user, fetchMock, queryClient } = await renderWidgets(server.handlers);
    const checklist = card('Get ready for your first call');
    expect(within(checklist).getByRole('button', { name: 'Complete' })).toBeDisabled();

    await user.click(within(checklist).getByRole('checkbox', { name: 'Accepted the calendar invitation' }));
    await user.click(within(checklist).getByRole('checkbox', { name: 'Tested your microphone' }));
    await user.click(within(checklist).getByRole('checkbox', { name: 'Read the agenda' }));
    expect(within(checklist).getByText('Completed')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    await waitFor(() => expect(server.completed.has('first-call-checklist')).toBe(true));
    expect(puts(fetchMock)).toEqual([
      '/api/progress/steps/first-call-checklist/items/calendar {"done":true}',
      '/api/progress/steps/first-call-checklist/items/audio {"done":true}',
      '/api/progress/steps/first-call-checklist/items/agenda {"done":true}',
    ]);
    await waitFor(() =>
      expect(queryClient.getQueryData<Onboarding>(['onboarding'])?.progress.completed).toEqual([
        { stepId: 'first-call-checklist', completedAt: '2025-03-01T10:00:00.000Z' },
      ]),
    );

    await user.click(within(checklist).getByRole('checkbox', { name: 'Tested your microphone' }));
    expect(within(checklist).queryByText('Completed')).not.toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(server.completed.has('first-call-checklist')).toBe(false));
  });

  it("'Reset' unticks everything on the server", async () => {
    const server = progressServer();
    const { user, fetchMock } = await renderWidgets(
      server.handlers,
      testWidgetOnboarding({
        items: [
          { stepId: 'first-call-checklist', itemId: 'calendar' },
          { stepId: 'first-call-checklist', itemId: 'agenda' },
        ],
      }),
    );
    const checklist = card('Get ready for your first call');
    expect(within(checklist).getByText('2 of 3 done')).toBeInTheDocument();
    await user.click(within(checklist).getByRole('button', { name: 'Reset all ticks' }));
    expect(within(checklist).getByText('0 of 3 done')).toBeInTheDocument();
    await waitFor(() =>
      expect(puts(fetchMock)).toEqual(['/api/progress/steps/first-call-checklist {"completed":false}']),
    );
  });

  it('puts an item back and explains when the server refuses the tick', async () => {
    const { user } = await renderWidgets({
      'PUT /api/progress/steps/first-call-checklist/items/audio': () =>
        apiError(500, 'Your progress could not be stored right now.', 'Internal Server Error'),
    });
    const box = within(card('Get ready for your first call')).getByRole('checkbox', { name: 'Tested your microphone' });
    await user.click(box);
    expect(await screen.findByText('Could not save your progress')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-checked', 'false');
  });
});

describe('acknowledgment step on the dashboard', () => {
  it('records each acknowledgment and completes the step with the last one', async () => {
    const server = progressServer();
    const { user } = await renderWidgets(server.handlers);
    const values = card('Our values');
    await user.click(within(values).getByRole('button', { name: 'Our values' }));
    for (const box of within(values).getAllByRole('checkbox', { name: 'I acknowledge' })) await user.click(box);
    expect(within(values).getByText('Completed')).toBeInTheDocument();
    await waitFor(() => expect(server.completed.has('our-values')).toBe(true));
    expect([...(server.ticked.get('our-values') ?? [])]).toEqual([...ACKNOWLEDGMENT_ITEMS]);
  });
});

describe('dashboard behaviour', () => {
  it('fades the cards in staggered by 100 ms per index', async () => {
    await renderWidgets();
    expect(screen.getAllByRole('article').map((a) => a.style.animationDelay)).toEqual(
      widgetSteps.map((_, i) => `${i * 100}ms`),
    );
  });

  it('highlights the scope under the mouse and the one holding the open step', async () => {
    await renderWidgets();
    const scope = screen.getByRole('region', { name: 'Step examples' });
    expect(scope).toHaveAttribute('data-highlighted', 'true');
    // Closing the open step (without the mouse over the scope) leaves no reason to highlight it.
    fireEvent.click(
      within(card('Get ready for your first call')).getByRole('button', { name: 'Get ready for your first call' }),
    );
    expect(scope).toHaveAttribute('data-highlighted', 'false');
    fireEvent.mouseEnter(scope);
    expect(scope).toHaveAttribute('data-highlighted', 'true');
    fireEvent.mouseLeave(scope);
    expect(scope).toHaveAttribute('data-highlighted', 'false');
  });

  it("shows 'Onboarding complete!' and plays 400 pieces of confetti at 100%", async () => {
    await renderWidgets({}, testWidgetOnboarding({ completed: widgetSteps.map((s) => s.id) }));
    expect(screen.getByText('Onboarding complete!')).toBeInTheDocument();
    await waitFor(() => expect(playConfetti).toHaveBeenCalledWith(DASHBOARD_CONFETTI_PIECES));
    expect(DASHBOARD_CONFETTI_PIECES).toBe(400);
  });

  it('plays confetti at every fifth click on the logo', async () => {
    vi.mocked(playConfetti).mockClear();
    const { user } = await renderWidgets();
    const logo = within(screen.getByRole('banner')).getByRole('img', { name: 'INSPIRED 2 UPLIFT' });
    for (let i = 0; i < 4; i += 1) await user.click(logo);
    expect(playConfetti).not.toHaveBeenCalled();
    await user.click(logo);
    expect(playConfetti).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) await user.click(logo);
    expect(playConfetti).toHaveBeenCalledTimes(2);
  });

  it('sends copy confirmations to the second toaster and other toasts to the app toaster', async () => {
    const { user } = await renderWidgets({
      'PUT /api/progress/steps/first-call-checklist/items/audio': () => apiError(500, 'Nope.', 'Internal Server Error'),
    });
    const people = card('Meet your people');
    await user.click(within(people).getByRole('button', { name: 'Meet your people' }));
    await user.click(within(people).getByRole('button', { name: /onboarding@inspired2uplift\.org/ }));
    const confirmations = screen.getByRole('region', { name: /^Confirmations/ });
    expect(await within(confirmations).findByText('Email copied to clipboard (dev)')).toBeInTheDocument();

    const checklist = card('Get ready for your first call');
    await user.click(within(checklist).getByRole('button', { name: 'Get ready for your first call' }));
    await user.click(within(checklist).getByRole('checkbox', { name: 'Tested your microphone' }));
    const notifications = screen.getByRole('region', { name: /^Notifications/ });
    expect(await within(notifications).findByText('Could not save your progress')).toBeInTheDocument();
  });
});

describe("the member's own people (docs/product.md#your-people)", () => {
  it("shows the lead and the buddy on the 'Your People' step, above the content's contacts, and not on a shared-password step", async () => {
    const people = [
      { email: 'lena@inspired2uplift.org', name: 'Lena Lead', picture: null, relations: ['lead'] },
      { email: 'pat@inspired2uplift.org', name: 'Pat Pal', picture: null, relations: ['buddy'] },
    ];
    const { user } = await renderWidgets({}, testWidgetOnboarding({ extra: { people } }));
    const step = card('Meet your people');
    await user.click(within(step).getByRole('button', { name: 'Meet your people' }));
    const names = within(await within(step).findByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(names).toEqual(['Lena Lead', 'Pat Pal', 'Onboarding Team', 'Volunteer Support']);
    expect(within(step).getByRole('link', { name: 'Say hello to Pat Pal' })).toHaveAttribute(
      'href',
      'mailto:pat@inspired2uplift.org',
    );

    const password = card('Test shared password');
    await user.click(within(password).getByRole('button', { name: 'Test shared password' }));
    await within(password).findByText('Test account');
    expect(within(password).queryByText('Lena Lead')).not.toBeInTheDocument();
  });
});

describe('role preview', () => {
  const previewable = {
    canPreviewRoles: true,
    previewRoles: [
      { key: 'finance', displayName: 'Finance' },
      { key: 'test', displayName: 'Test' },
      { key: 'volunteer', displayName: 'Volunteer' },
    ],
  };
  const finance = () =>
    testWidgetOnboarding({
      extra: {
        ...previewable,
        preview: true,
        role: { ...testWidgetOnboarding().role, key: 'finance', displayName: 'Finance' },
      },
    });

  it('is not offered when the server does not allow it', async () => {
    await renderWidgets();
    expect(screen.queryByRole('button', { name: /^Preview as/ })).not.toBeInTheDocument();
  });

  it("sits in the header as a menu; shows another role's steps read-only with true toasts, and goes back", async () => {
    const { user, fetchMock, currentLocation } = renderApp('/dashboard', {
      'GET /api/me': () => json({ user: { ...testUser, role: 'test' } }),
      'GET /api/onboarding': () => json(testWidgetOnboarding({ extra: previewable })),
    });
    answerPreviews(fetchMock, () => json(finance()));
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    const header = screen.getByRole('banner');
    const menuButton = within(header).getByRole('button', { name: 'Preview as…' });

    // Choosing the role shown now is an action of its own (a native select would fire nothing).
    await user.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: /^Test/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: /^Test/ }));
    expect(await screen.findByText('Already using that role')).toBeInTheDocument();
    expect(screen.getByText('You are already signed in as Test.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/onboarding?previewRole=test', expect.anything());

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Preview as…' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Finance' }));
    expect(await screen.findByText('Previewing Finance')).toBeInTheDocument();
    expect(screen.getByText('Role Switched')).toBeInTheDocument();
    // The test server runs in development mode (testConfig), so the toast may say so.
    expect(
      screen.getByText('You are now previewing Finance. Nothing you do is saved. (Development mode active)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'These are the steps of the Finance role. Nothing you do here is saved, and shared passwords stay hidden.',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Preview as: Finance' })).toBeInTheDocument();
    // The panel says whose steps its percentage is of, not 'Your progress' alone.
    expect(screen.getByText('Your progress on the Finance steps')).toBeInTheDocument();
    expect(screen.queryByText('Your progress')).not.toBeInTheDocument();
    expect(currentLocation().search).toBe('?preview=finance');
    expect(fetchMock).toHaveBeenCalledWith('/api/onboarding?previewRole=finance', expect.anything());

    // Nothing can be changed in a preview, and passwords stay hidden.
    const checklist = card('Get ready for your first call');
    expect(within(checklist).getByRole('checkbox', { name: 'Accepted the calendar invitation' })).toBeDisabled();
    expect(within(card('Meet your people')).getByRole('button', { name: 'Complete' })).toBeDisabled();
    expect(puts(fetchMock)).toEqual([]);
    const password = card('Test shared password');
    await user.click(within(password).getByRole('button', { name: 'Test shared password' }));
    expect(within(password).getByText('Development mode - real passwords hidden')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/secrets/'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back to my steps' }));
    expect(screen.queryByText('Previewing Finance')).not.toBeInTheDocument();
    expect(currentLocation().search).toBe('');
    expect(
      within(card('Get ready for your first call')).getByRole('checkbox', { name: 'Accepted the calendar invitation' }),
    ).toBeEnabled();
  }, 15_000);

  it('never says "Development mode active" to an admin of a production server, nor "a Account member"', async () => {
    const account = () =>
      testWidgetOnboarding({
        extra: {
          ...previewable,
          preview: true,
          role: { ...testWidgetOnboarding().role, key: 'account', displayName: 'Account' },
        },
      });
    const { user, fetchMock } = renderApp('/dashboard', {
      'GET /api/config': () => json({ ...testConfig, signIn: { google: true, development: false } }),
      'GET /api/me': () => json({ user: { ...testUser, role: 'test', isDevelopmentUser: false, isAdmin: true } }),
      'GET /api/onboarding': () =>
        json(
          testWidgetOnboarding({
            extra: {
              ...previewable,
              previewRoles: [...previewable.previewRoles, { key: 'account', displayName: 'Account' }],
            },
          }),
        ),
    });
    answerPreviews(fetchMock, () => json(account()));
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Preview as…' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Account' }));
    expect(await screen.findByText('Previewing Account')).toBeInTheDocument();
    expect(screen.getByText('You are now previewing Account. Nothing you do is saved.')).toBeInTheDocument();
    expect(screen.queryByText(/Development mode active/)).not.toBeInTheDocument();
    expect(screen.queryByText(/a Account/)).not.toBeInTheDocument();
    expect(screen.getByText(/These are the steps of the Account role\./)).toBeInTheDocument();
  });

  it('falls back to the own steps with a toast when the preview is refused', async () => {
    const { fetchMock, currentLocation } = renderApp('/dashboard?preview=finance');
    answerPreviews(fetchMock, () => apiError(403, 'Only admins can preview other roles.', 'Forbidden'));
    expect(await screen.findByText('Could not preview that role')).toBeInTheDocument();
    expect(screen.getByText('Only admins can preview other roles.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex!' })).toBeInTheDocument();
  });
});
