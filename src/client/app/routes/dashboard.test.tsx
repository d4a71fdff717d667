import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// pdf.js does not run in jsdom: the lazily loaded document part is replaced by one that never finishes loading.
vi.mock('@/features/onboarding/components/widgets/pdf-document', () => ({ PdfDocument: () => null }));
import { PENDING_TOASTS_KEY, showToastsFromLastPage, toastAfterNavigation } from '@/lib/toast-after-navigation';
import { testOnboarding, testUser } from '@/test/fixtures';
import { apiError, json, renderApp, setMobileViewport } from '@/test/render-app';

const card = (title: string) => screen.getByRole('article', { name: title });

async function renderDashboard(handlers: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/dashboard', handlers);
  await screen.findByRole('heading', { name: 'Welcome, Alex!' });
  return app;
}

describe('dashboard', () => {
  it('shows the header, progress panel, scopes and footer', async () => {
    await renderDashboard();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Onboarding' })).toBeInTheDocument();
    // The badges stand twice: beside the title, and in the menu that takes their place at narrow widths (container
    // queries show one of them; jsdom applies no CSS, tests/e2e/reflow.spec.ts checks which one shows).
    expect(within(header).getAllByText('Beta')).toHaveLength(2);
    expect(within(header).getAllByText('Dev')).toHaveLength(2);
    expect(within(header).getByText('Alex Rivera')).toBeInTheDocument();
    expect(within(header).getByText('alex@inspired2uplift.org')).toBeInTheDocument();
    expect(within(header).getByText('Volunteer')).toBeInTheDocument();
    expect(within(header).getByText('AR')).toBeInTheDocument();

    expect(screen.getByText('Your progress')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('heading', { level: 2, name: 'Before your first meeting' })).toBeInTheDocument();
    expect(screen.getByText('Get your accounts ready.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'During the call' })).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('This site is in Beta.')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /support@inspired2uplift\.org/ })).toHaveAttribute(
      'href',
      'mailto:support@inspired2uplift.org',
    );
    expect(
      within(footer).getByText(
        `© ${new Date().getFullYear()} INSPIRED 2 UPLIFT. Confidential: for members of INSPIRED 2 UPLIFT only.`,
      ),
    ).toBeInTheDocument();
    expect(within(footer).getByText('Version 0.5 · Volunteer 1.0')).toBeInTheDocument();
  });

  it('labels the role badge with the role display label', async () => {
    await renderDashboard({ 'GET /api/me': () => json({ user: { ...testUser, role: 'head of hr' } }) });
    expect(within(screen.getByRole('banner')).getByText('Head of HR')).toBeInTheDocument();
  });

  it('redirects / to the dashboard', async () => {
    const { currentLocation } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Alex!' });
    expect(currentLocation().pathname).toBe('/dashboard');
  });

  it('shows an account notice instead of progress and steps for the account role', async () => {
    await renderDashboard({ 'GET /api/onboarding': () => json(testOnboarding({ roleKey: 'account' })) });
    expect(
      screen.getByText('Logged in as an account! Please log out and use your personal account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Before your first meeting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('logs out, keeps the Logged Out toast for the login page and loads it', async () => {
    const { user, pageLoads, fetchMock } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem('onboarding_user')).toBeNull();
    // The login page (its own document) shows it: src/client/app/login-page.test.tsx.
    expect(JSON.parse(sessionStorage.getItem(PENDING_TOASTS_KEY) ?? 'null')).toEqual([
      { kind: 'message', title: 'Logged Out', options: { description: 'You have been successfully logged out!' } },
    ]);
  });

  it("shows the toasts the login page kept (the development sign-in's 'Development Mode') at start", async () => {
    toastAfterNavigation('message', 'Development Mode', { description: 'Using simulated login flow for development' });
    showToastsFromLastPage();
    await renderDashboard();
    expect(await screen.findByText('Development Mode')).toBeInTheDocument();
    expect(screen.getByText('Using simulated login flow for development')).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_TOASTS_KEY)).toBeNull();
  });

  it('shows the Error page and the Role Configuration Error toast when onboarding cannot load', async () => {
    // React and React Router report the caught render error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, pageLoads } = renderApp('/dashboard', {
      'GET /api/onboarding': () =>
        json(
          { statusCode: 409, error: 'Conflict', message: 'No role configuration found for "finance"', role: 'finance' },
          409,
        ),
    });
    expect(await screen.findByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find the configuration for role finance.")).toBeInTheDocument();
    expect(screen.getByText('No role configuration found for "finance"')).toBeInTheDocument();
    expect(await screen.findByText('Role Configuration Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to load your onboarding steps. Please contact support.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /support@inspired2uplift\.org/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login'));
  });

  it('shows the general Error page text when onboarding fails for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/dashboard', {
      'GET /api/onboarding': () => apiError(500, 'Something broke.', 'Internal Server Error'),
    });
    expect(await screen.findByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(screen.getByText('We encountered an unexpected error.')).toBeInTheDocument();
    expect(screen.getByText('Something broke.')).toBeInTheDocument();
    // Not a missing role configuration: the Error page alone says what happened, no 'Role Configuration Error' toast.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Role Configuration Error')).not.toBeInTheDocument();
  });

  it('shows only the Error page, with what happened, while the database is unavailable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'The database is not available right now. Please try again in a moment.';
    renderApp('/dashboard', { 'GET /api/onboarding': () => apiError(503, message, 'Service Unavailable') });
    expect(await screen.findByRole('heading', { name: 'Application Error' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Role Configuration Error')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load your onboarding steps. Please contact support.')).not.toBeInTheDocument();
  }, 15_000);

  it('sends a signed-out visitor to the login page (a full page load)', async () => {
    const { pageLoads } = renderApp('/dashboard', {
      'GET /api/me': () => apiError(401, 'Please sign in.', 'Unauthorized'),
    });
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login'));
  });

  it('loads the login page, with the query string, for an in-app /login address', async () => {
    const { pageLoads } = renderApp('/login?code=abc&state=xyz');
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login?code=abc&state=xyz'));
  });

  it('shows the Authenticating spinner while the session is checked', async () => {
    renderApp('/dashboard', { 'GET /api/me': () => new Promise<Response>(() => {}) });
    expect(await screen.findByText('Authenticating')).toBeInTheDocument();
    expect(screen.getByText('Waiting for Google...')).toBeInTheDocument();
    // The whole page while it lasts: its main landmark and its h1.
    expect(
      within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Authenticating' }),
    ).toBeInTheDocument();
  });
});

describe('step cards', () => {
  it('shows statuses and the complete button texts on a computer', async () => {
    await renderDashboard({
      'GET /api/onboarding': () => json(testOnboarding({ completed: ['sign-in-to-chrome'] })),
    });
    const first = card('Sign in to your Chrome profile');
    expect(within(first).getByText('Completed')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Reset step' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(within(first).getByText('Volunteer')).toBeInTheDocument();

    const second = card('Change your password');
    expect(within(second).getByText('Active')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Read' })).toBeEnabled();

    const third = card('Sign the volunteer agreement');
    expect(within(third).getByText('Not yet active')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Sign' })).toBeDisabled();

    expect(within(card('Set up Slack')).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(screen.getByText('20%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '20');
  });

  it('uses the mobile button texts under 768 px', async () => {
    setMobileViewport(true);
    await renderDashboard();
    expect(within(card('Sign in to your Chrome profile')).getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(within(card('Change your password')).getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('opens the active step first and keeps only one step open', async () => {
    const { user } = await renderDashboard();
    const firstToggle = within(card('Sign in to your Chrome profile')).getByRole('button', {
      name: 'Sign in to your Chrome profile',
    });
    expect(firstToggle).toHaveAttribute('aria-expanded', 'true');
    const first = card('Sign in to your Chrome profile');
    expect(within(first).getByRole('heading', { name: 'Tasks' })).toBeVisible();
    expect(within(first).getByText('Add a profile').closest('ol')).toBeInTheDocument();
    expect(within(first).getByText('Use your new work account.')).toBeVisible();
    expect(within(first).getByText('Ask your coordinator if you get stuck.')).toBeVisible();
    const link = within(first).getByRole('link', { name: /Chrome help/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const secondToggle = within(card('Change your password')).getByRole('button', { name: 'Change your password' });
    await user.click(secondToggle);
    expect(secondToggle).toHaveAttribute('aria-expanded', 'true');
    expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
    // A closed step's content is not mounted (videos stop, documents load only when read).
    expect(within(first).queryByText('Use your new work account.')).not.toBeInTheDocument();

    await user.click(secondToggle);
    expect(secondToggle).toHaveAttribute('aria-expanded', 'false');

    secondToggle.focus();
    await user.keyboard('{Enter}');
    expect(secondToggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('unlocks a document step once the document is downloaded', async () => {
    const { user } = await renderDashboard();
    // jsdom cannot follow links; keep the click but not the navigation.
    const stopNavigation = (e: Event) => e.preventDefault();
    document.addEventListener('click', stopNavigation);
    try {
      const third = card('Sign the volunteer agreement');
      // Closed, nothing is shown below the hint: it says to open the step.
      expect(
        within(third).getByText(
          'Open this step and read the document in it. The button unlocks after a short wait, or when you download the document.',
        ),
      ).toBeInTheDocument();
      expect(within(third).queryByText(/below/)).not.toBeInTheDocument();
      expect(within(third).getByRole('button', { name: 'Sign' })).toBeDisabled();
      await user.click(within(third).getByRole('button', { name: 'Sign the volunteer agreement' }));
      expect(
        within(third).getByText(
          'Read the document below. The button unlocks after a short wait, or when you download the document.',
        ),
      ).toBeInTheDocument();
      expect(within(third).getByRole('link', { name: /Open Fullscreen/ })).toHaveAttribute('target', '_blank');
      await user.click(within(third).getByRole('link', { name: 'Download' }));
      expect(within(third).getByRole('button', { name: 'Sign' })).toBeEnabled();
      expect(within(third).getByText('You can now press Sign.')).toHaveAttribute('role', 'status');
    } finally {
      document.removeEventListener('click', stopNavigation);
    }
  });
});
