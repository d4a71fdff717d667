import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastersHost } from '@/components/ui/toasters-host';
import { pageNavigation } from '@/lib/page-navigation';
import { PENDING_TOASTS_KEY, showToastsFromLastPage, toastAfterNavigation } from '@/lib/toast-after-navigation';
import { testConfig, testUser } from '@/test/fixtures';
import { apiError, defaultHandlers, json, stubNetwork, type Handler } from '@/test/render-app';
import { AUTHENTICATING_LIMIT_MS } from '@/features/auth/components/sign-in-button';
import { LoginPage } from './login-page';

const signedOut = { 'GET /api/me': () => apiError(401, 'Please sign in.', 'Unauthorized') };
const googleConfig = { 'GET /api/config': () => json({ ...testConfig, signIn: { google: true, development: false } }) };
const googleUser = { ...testUser, isDevelopmentUser: false, picture: '/api/users/me/picture?v=0123456789ab' };

/**
 * Renders the login page as its entry (login-main.tsx) does: the screen and the toasters, no router and no query
 * client, at `url` (the browser's address), over a stubbed network. jsdom cannot load another document: the full page
 * loads (`pageNavigation.replace`) are recorded instead.
 */
function renderLoginPage(url: string, handlers: Record<string, Handler> = {}, { strict = false } = {}) {
  window.history.replaceState(null, '', url);
  const fetchMock = stubNetwork({ ...defaultHandlers(), ...handlers });
  const pageLoads = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
  const user = userEvent.setup();
  const page = (
    <>
      <LoginPage />
      <ToastersHost />
    </>
  );
  render(strict ? <StrictMode>{page}</StrictMode> : page);
  return { fetchMock, pageLoads, user };
}

const callbackCalls = (fetchMock: ReturnType<typeof stubNetwork>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/auth/google/callback');

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('login page', () => {
  // First in this file: the toasters' chunk, once loaded, stays loaded for the rest of the file.
  it('shows the welcome, the sign-in button, the version and the support contact, without loading the toasters', async () => {
    const { fetchMock } = renderLoginPage('/login', signedOut);
    expect(await screen.findByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeInTheDocument();
    expect(
      screen.getByText('Please sign in with your Google Workspace account to begin your onboarding process.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'INSPIRED 2 UPLIFT' })).toHaveAttribute('src', '/content/logo.svg');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.getByText('Version 0.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /support@inspired2uplift\.org/ })).toHaveAttribute(
      'href',
      'mailto:support@inspired2uplift.org',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/me', expect.anything());
    // No toast, no sonner (docs/architecture.md#client-bundle budget): the toasters are not mounted.
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it("reads 'Signing in...' with a spinner, disabled, while the session is checked", async () => {
    renderLoginPage('/login', { 'GET /api/me': () => new Promise<Response>(() => {}) });
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Signing in...' })).toHaveAttribute('aria-busy', 'true');
  });

  it('sends a signed-in user to the dashboard, replacing the login page in the history', async () => {
    const { pageLoads } = renderLoginPage('/login');
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/dashboard'));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem('onboarding_user') ?? 'null')).toEqual(testUser);
  });

  it('stays for a visitor without a session, and forgets a cached profile', async () => {
    localStorage.setItem('onboarding_user', JSON.stringify(testUser));
    const { pageLoads } = renderLoginPage('/login', signedOut);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(pageLoads).not.toHaveBeenCalled();
    expect(localStorage.getItem('onboarding_user')).toBeNull();
  });

  it('runs the development sign-in after 800 ms, keeps the Development Mode toast for the dashboard, and opens it', async () => {
    localStorage.setItem('completed_steps', '[0,1]');
    const { user, pageLoads, fetchMock } = renderLoginPage('/login', {
      ...signedOut,
      'POST /api/auth/dev-login': () => json({ user: testUser }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/dev-login', expect.anything());

    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/dashboard'), { timeout: 3000 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/dev-login',
      expect.objectContaining({
        method: 'POST',
        body: '{}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
    expect(localStorage.getItem('completed_steps')).toBeNull();
    expect(JSON.parse(localStorage.getItem('onboarding_user') ?? 'null')).toEqual(testUser);
    expect(JSON.parse(sessionStorage.getItem(PENDING_TOASTS_KEY) ?? 'null')).toEqual([
      {
        kind: 'message',
        title: 'Development Mode',
        options: { description: 'Using simulated login flow for development' },
      },
    ]);
  });

  it('says so and returns to idle when the development sign-in fails', async () => {
    const { user, pageLoads } = renderLoginPage('/login', {
      ...signedOut,
      'POST /api/auth/dev-login': () => apiError(403, 'Development sign-in is off.', 'Forbidden'),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Authentication Error', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your login. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(pageLoads).not.toHaveBeenCalled();
  });

  it('uses the version and support e-mail from the server settings', async () => {
    renderLoginPage('/login', {
      ...signedOut,
      'GET /api/config': () => json({ ...testConfig, version: '0.6', supportEmail: 'help@inspired2uplift.org' }),
    });
    expect(await screen.findByText('Version 0.6')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /help@inspired2uplift\.org/ })).toBeInTheDocument();
  });

  it('names the configured organisation in the heading and the page title', async () => {
    document.title = 'Sign in · Onboarding · INSPIRED 2 UPLIFT';
    renderLoginPage('/login', {
      ...signedOut,
      'GET /api/config': () => json({ ...testConfig, orgName: 'Example Youth Network' }),
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to Example Youth Network!' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Onboarding · Example Youth Network'));
  });

  it("explains when the settings cannot load (after retrying a 5xx) and asks again on 'Try again'", async () => {
    let calls = 0;
    renderLoginPage('/login', {
      ...signedOut,
      'GET /api/config': () => {
        calls += 1;
        return calls <= 3 ? apiError(503, 'The server is busy.', 'Service Unavailable') : json(testConfig);
      },
    });
    expect(await screen.findByText('The server is busy.', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(calls).toBe(3);
    expect(screen.getByText('Version 0.5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('The server is busy.')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(calls).toBe(4);
  }, 10_000);

  it("shows the toasts the last page kept (the 'Logged Out' toast of a logout) once, at start", async () => {
    toastAfterNavigation('message', 'Logged Out', { description: 'You have been successfully logged out!' });
    expect(showToastsFromLastPage()).toBe(1);
    renderLoginPage('/login', signedOut);
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out!')).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_TOASTS_KEY)).toBeNull();
    expect(showToastsFromLastPage()).toBe(0);
  });
});

describe('Google sign-in on the login page', () => {
  it('hands the browser to the server’s start route: the button reads Authenticating... with a spinner, for at most 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // jsdom does not follow the navigation; the browser tests (tests/e2e/google-sign-in.spec.ts) do.
    const leaves = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const { user, fetchMock } = renderLoginPage('/login', { ...signedOut, ...googleConfig });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(leaves).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/auth\/google\/start/));
    const button = screen.getByRole('button', { name: 'Authenticating...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Use development sign-in' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/dev-login', expect.anything());

    // The browser never left (a redirect that hangs): after 30 s the button can be pressed again.
    act(() => {
      vi.advanceTimersByTime(AUTHENTICATING_LIMIT_MS - 100);
    });
    expect(screen.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(AUTHENTICATING_LIMIT_MS).toBe(30_000);
  });

  it('offers development sign-in as well when the server offers both', async () => {
    renderLoginPage('/login', {
      ...signedOut,
      'GET /api/config': () => json({ ...testConfig, signIn: { google: true, development: true } }),
    });
    expect(await screen.findByRole('button', { name: 'Use development sign-in' })).toBeEnabled();
  });

  it('exchanges the code of the address once, clears the address, and opens the dashboard after 500 ms', async () => {
    const bodies: unknown[] = [];
    const { pageLoads, fetchMock } = renderLoginPage('/login?code=code-success&state=state-1&scope=email', {
      ...googleConfig,
      ...signedOut,
      'POST /api/auth/google/callback': ({ body }) => {
        bodies.push(body);
        return json({ user: googleUser, returnTo: '/dashboard' });
      },
    });
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
    expect(await screen.findByText('Signed in. Opening your onboarding...')).toBeInTheDocument();
    expect(pageLoads).not.toHaveBeenCalled();
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/dashboard'), { timeout: 3000 });
    expect(pageLoads).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([{ code: 'code-success', state: 'state-1' }]);
    expect(callbackCalls(fetchMock)).toHaveLength(1);
    // The exchange decides: the page does not ask who is signed in meanwhile (its 401 could clear the new profile).
    expect(fetchMock).not.toHaveBeenCalledWith('/api/me', expect.anything());
    expect(JSON.parse(localStorage.getItem('onboarding_user') ?? 'null')).toEqual(googleUser);
  });

  it('waits 500 ms before opening the return path the server names', async () => {
    const { pageLoads } = renderLoginPage('/login?code=code-return&state=state-r', {
      ...googleConfig,
      'POST /api/auth/google/callback': () => json({ user: googleUser, returnTo: '/admin' }),
    });
    let loadedAt = 0;
    pageLoads.mockImplementation(() => {
      loadedAt = performance.now();
    });
    await screen.findByText('Signed in. Opening your onboarding...');
    // findByText looks every 50 ms: the message appeared at most 50 ms before this.
    const shownAt = performance.now();
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/admin'), { timeout: 3000 });
    expect(loadedAt - shownAt).toBeGreaterThanOrEqual(400);
  });

  it('exchanges the code only once under React strict mode', async () => {
    const { fetchMock, pageLoads } = renderLoginPage(
      '/login?code=code-strict&state=state-2',
      {
        ...googleConfig,
        ...signedOut,
        'POST /api/auth/google/callback': () => json({ user: googleUser, returnTo: '/dashboard' }),
      },
      { strict: true },
    );
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/dashboard'), { timeout: 3000 });
    expect(pageLoads).toHaveBeenCalledTimes(1);
    expect(callbackCalls(fetchMock)).toHaveLength(1);
    expect(window.location.search).toBe('');
  });

  it('shows the refusal naming the domain, as a toast and on the screen, and returns to idle', async () => {
    const message =
      'Only @inspired2uplift.org Google Workspace accounts can sign in. Sign in with your @inspired2uplift.org account.';
    const { pageLoads } = renderLoginPage('/login?code=code-refused&state=state-3', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () => apiError(403, message, 'Forbidden'),
    });
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
    expect(pageLoads).not.toHaveBeenCalled();
  });

  it('says the login could not be processed when the exchange fails', async () => {
    renderLoginPage('/login?code=code-failed&state=state-4', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () =>
        apiError(400, 'This sign-in has already been used. Please sign in again.', 'Bad Request'),
    });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your login. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('says how long to wait when too many sign-ins came from the network (429), with the processing toast', async () => {
    const message = 'Too many sign-in attempts from your network. Please wait 4 minutes and try again.';
    renderLoginPage('/login?code=code-limited&state=state-7', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () => apiError(429, message, 'Too Many Requests'),
    });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your login. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('says Login Failed when the answer has no user data', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderLoginPage('/login?code=code-no-user&state=state-5', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () => json({ returnTo: '/dashboard' }),
    });
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Could not retrieve user information. Please try again.')).toBeInTheDocument();
  });

  it('says the authentication data could not be processed when the answer cannot be read', async () => {
    renderLoginPage('/login?code=code-garbled&state=state-7', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () => new Response('<html>proxy page</html>', { status: 200 }),
    });
    expect(await screen.findByText('Failed to process authentication data.')).toBeInTheDocument();
    expect(screen.getByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('reports an error from Google (e.g. the member cancelled) without calling the server', async () => {
    const { fetchMock } = renderLoginPage('/login?error=access_denied&state=state-6', {
      ...signedOut,
      ...googleConfig,
    });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('There was a problem with Google authentication.')).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(callbackCalls(fetchMock)).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('reports an authorization response it does not recognise (a code without state)', async () => {
    const { fetchMock } = renderLoginPage('/login?code=code-alone', { ...signedOut, ...googleConfig });
    expect(await screen.findByText('Unrecognized authentication response format.')).toBeInTheDocument();
    expect(callbackCalls(fetchMock)).toHaveLength(0);
  });
});
