import { type DocumentAnswer, type FirstScreenWidth, SERVER_RENDERED_ATTRIBUTE } from '@shared/document-answers';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appElement } from './app/app-element';
import { renderedWidth } from './lib/first-screen-width';
import { seedFirstAnswers } from './app/first-answers';
import { AppRouter } from './app/router';
import { USER_STORAGE_KEY } from './features/auth/utils/user-cache';
import { isMobileWarningCookieSet, MOBILE_WARNING_KEY } from './features/onboarding/components/mobile-warning-storage';
import { createQueryClient } from './lib/react-query';
import { renderFirstScreen } from './server-render';
import { testConfig, testOnboarding, testUser } from './test/fixtures';
import { onboardingAnswers } from './test/onboarding-answers';
import { defaultHandlers, setMobileViewport, stubNetwork } from './test/render-app';
import { preloadStepWidgets } from './features/onboarding/components/lazy-widgets';

// pdf.js does not run in jsdom: the lazily loaded document part is replaced by one that never finishes loading.
vi.mock('@/features/onboarding/components/widgets/pdf-document', () => ({ PdfDocument: () => null }));

// docs/decisions/030-dashboard-first-screen-from-the-server.md: the server renders /dashboard from the API answers the
// document carries, and the browser hydrates that HTML from the same answers. These tests run both renders for real
// (react-dom/server, then hydrateRoot) and fail when they differ.

/**
 * The answers the server writes into /dashboard's document for the fixture's member (dashboardAnswerPaths, and the
 * role content the onboarding answer names).
 */
function dashboardAnswers(
  onboarding = testOnboarding({ completed: ['sign-in-to-chrome'] }),
): Record<string, DocumentAnswer> {
  const { answer, path, content } = onboardingAnswers(onboarding);
  return {
    '/api/me': { status: 200, body: { user: testUser } },
    '/api/onboarding': { status: 200, body: answer },
    [path]: { status: 200, body: content },
    '/api/onboarding/due': {
      status: 200,
      body: {
        today: '2026-11-25',
        startOn: '2026-11-20',
        steps: [
          { stepId: 'change-password', dueOn: '2026-11-23', daysLate: 2 },
          { stepId: 'set-up-slack', dueOn: '2026-11-27', daysLate: -2 },
        ],
      },
    },
    '/api/config': { status: 200, body: testConfig },
  };
}

let root: Root | undefined;
let container: HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, '', '/dashboard');
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  localStorage.clear();
  // A phone's dismissal of the mobile warning is also a cookie (mobile-warning-storage.ts).
  document.cookie = 'mobile-warning-dismissed=; Path=/; Max-Age=0';
});

/**
 * What the browser does with the server's HTML (main.tsx): puts the server's HTML in #root, marked with the screen it
 * was rendered for, fills a new query cache from the same answers and hydrates for that screen.
 * @param width the screen the server rendered `html` for ('wide' by default)
 * @returns the errors React reported while hydrating (a difference between the two renders is one)
 */
async function hydrate(
  html: string,
  answers: Record<string, DocumentAnswer>,
  { beforeHydrating = () => {}, width = 'wide' }: { beforeHydrating?: () => void; width?: FirstScreenWidth } = {},
): Promise<unknown[]> {
  container.innerHTML = html;
  container.setAttribute(SERVER_RENDERED_ATTRIBUTE, width);
  beforeHydrating();
  const queryClient = createQueryClient();
  expect(seedFirstAnswers(queryClient, answers)).toEqual(testUser);
  const errors: unknown[] = [];
  await act(async () => {
    const app = appElement(queryClient, <AppRouter />, renderedWidth(container), isMobileWarningCookieSet());
    root = hydrateRoot(container, app, {
      onRecoverableError: (error) => errors.push(error),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return errors;
}

describe('the dashboard rendered on the server', () => {
  it("is the member's first screen: header, progress, every step with its due date, the first open step's text", () => {
    const html = renderFirstScreen('/dashboard', dashboardAnswers(), 'wide');
    container.innerHTML = html ?? '';
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect(screen.getByText('1 of 5 steps completed')).toBeInTheDocument();
    for (const title of [
      'Sign in to your Chrome profile',
      'Change your password',
      'Sign the volunteer agreement',
      'Set up Slack',
      'Download the mobile apps',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('article', { name: 'Change your password' })).getByText('Overdue by 2 days'),
    ).toBeInTheDocument();
    // The first step not completed is open, its text in the page before any script has run.
    expect(screen.getByRole('button', { name: 'Change your password' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Change your password description')).toBeInTheDocument();
  });

  it('is hydrated by the browser as it is: no difference reported, the same elements, and the page answers at once', async () => {
    stubNetwork(defaultHandlers());
    const answers = dashboardAnswers();
    let painted: HTMLElement | undefined;
    const errors = await hydrate(renderFirstScreen('/dashboard', answers, 'wide') ?? '', answers, {
      beforeHydrating: () => {
        painted = screen.getByRole('heading', { level: 2, name: 'Welcome, Alex!' });
      },
    });
    expect(errors).toEqual([]);
    // Its controls take clicks now (styles/index.css kept them from it until then).
    expect(container).not.toHaveAttribute(SERVER_RENDERED_ATTRIBUTE);
    // The server's elements were kept, not rendered anew.
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, Alex!' })).toBe(painted);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set up Slack' }));
    expect(screen.getByRole('button', { name: 'Set up Slack' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, Alex!' })).toBe(painted);
  });

  it("hydrates the step cards a phone's first screen does not show after its controls work, and they act then", async () => {
    // docs/decisions/076-dashboard-document-in-the-first-tcp-window.md: the cards from the fourth on are a <Suspense>
    // boundary, which React hydrates in a pass of its own after the rest of the page. Whether React has taken an element
    // over is seen on the element itself (React keeps its fiber in a property named '__reactFiber$…'); what it has taken
    // over is read when the page says its controls work (it removes the root's attribute, app/first-screen-taken-over.tsx).
    stubNetwork(defaultHandlers());
    const answers = dashboardAnswers();
    const takenOver = (title: string) =>
      Object.keys(screen.getByRole('article', { name: title })).some((key) => key.startsWith('__reactFiber$'));
    const atTakeOver: Record<string, boolean> = {};
    container.removeAttribute = function removeAttribute(name: string) {
      if (name === SERVER_RENDERED_ATTRIBUTE) {
        atTakeOver.first = takenOver('Change your password');
        atTakeOver.later = takenOver('Set up Slack');
      }
      Element.prototype.removeAttribute.call(this, name);
    };
    const errors = await hydrate(renderFirstScreen('/dashboard', answers, 'wide') ?? '', answers);
    expect(errors).toEqual([]);
    expect(atTakeOver).toEqual({ first: true, later: false });
    expect(takenOver('Set up Slack')).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Set up Slack' }));
    expect(screen.getByRole('button', { name: 'Set up Slack' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("matches whatever this browser holds: another cached profile, a dismissed mobile warning, a phone's width, the open step's widget code", async () => {
    stubNetwork(defaultHandlers());
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...testUser, name: 'Someone Else' }));
    localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    setMobileViewport(true);
    // The open step is the agreement, whose document viewer is loaded already (as after a first visit in this page).
    const onboarding = testOnboarding({ completed: ['sign-in-to-chrome', 'change-password'] });
    const agreement = onboarding.scopes[0]?.steps[2];
    if (agreement === undefined) throw new Error('the fixture has no agreement step');
    preloadStepWidgets(agreement);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const answers = dashboardAnswers(onboarding);
    // The server took the phone for a wide screen (a browser that did not say it is a phone).
    const errors = await hydrate(renderFirstScreen('/dashboard', answers, 'wide') ?? '', answers);
    expect(errors).toEqual([]);
    // Once hydrated, the page follows the real width: a phone's step buttons say 'Done'.
    expect(await screen.findAllByRole('button', { name: 'Done' })).not.toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: 'Complete' })).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, Alex!' })).toBeInTheDocument();
    // Right after hydrating, the widget shows.
    expect(
      await within(screen.getByRole('article', { name: 'Sign the volunteer agreement' })).findByRole('link', {
        name: 'Download',
      }),
    ).toBeInTheDocument();
    // Nothing was decided on the server's guesses while hydrating: the phone's dismissal of the mobile warning is kept.
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBe('true');
  });

  it("is rendered for a phone when the server guesses one: the step's button says 'Done' from the first paint, and hydrating keeps it", async () => {
    stubNetwork(defaultHandlers());
    setMobileViewport(true);
    const answers = dashboardAnswers();
    const html = renderFirstScreen('/dashboard', answers, 'phone') ?? '';
    let painted: HTMLElement[] = [];
    const errors = await hydrate(html, answers, {
      width: 'phone',
      beforeHydrating: () => {
        painted = screen.getAllByRole('button', { name: 'Done' });
      },
    });
    expect(errors).toEqual([]);
    expect(painted).not.toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Done' })).toEqual(painted);
    expect(screen.queryAllByRole('button', { name: 'Complete' })).toHaveLength(0);
  });

  it('is rendered without the personal-computer notice for a browser that dismissed the mobile warning (its cookie), and hydrates so', async () => {
    stubNetwork(defaultHandlers());
    setMobileViewport(true);
    const answers = dashboardAnswers();
    const notice = /Onboarding is meant to be used on a personal computer/;
    expect(renderFirstScreen('/dashboard', answers, 'phone', false)).toMatch(notice);
    const html = renderFirstScreen('/dashboard', answers, 'phone', true) ?? '';
    expect(html).toContain('Alex');
    expect(html).not.toMatch(notice);
    document.cookie = 'mobile-warning-dismissed=1; Path=/';
    localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    const errors = await hydrate(html, answers, { width: 'phone' });
    expect(errors).toEqual([]);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });

  it('a phone first screen hydrated as a wide one is reported: the root element says which screen it was rendered for', async () => {
    stubNetwork(defaultHandlers());
    setMobileViewport(true);
    const answers = dashboardAnswers();
    const errors = await hydrate(renderFirstScreen('/dashboard', answers, 'phone') ?? '', answers, { width: 'wide' });
    expect(errors).not.toEqual([]);
  });

  it('a first screen that is not what the browser renders is reported (what the tests above would catch)', async () => {
    stubNetwork(defaultHandlers());
    const html = renderFirstScreen('/dashboard', dashboardAnswers(), 'wide') ?? '';
    const errors = await hydrate(html, dashboardAnswers(testOnboarding()));
    expect(errors).not.toEqual([]);
  });

  it('renders nothing without a signed-in member or their steps: the page then renders itself', () => {
    const answers = dashboardAnswers();
    const { ['/api/onboarding']: _onboarding, ...withoutSteps } = answers;
    expect(renderFirstScreen('/dashboard', withoutSteps, 'wide')).toBeNull();
    expect(
      renderFirstScreen(
        '/dashboard',
        { ...answers, '/api/me': { status: 401, body: { message: 'Not signed in' } } },
        'phone',
      ),
    ).toBeNull();
    expect(
      renderFirstScreen(
        '/dashboard',
        { ...answers, '/api/onboarding': { status: 200, body: { scopes: 'not a list' } } },
        'wide',
      ),
    ).toBeNull();
  });
});
