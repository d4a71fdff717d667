import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig, testUser } from '@/test/fixtures';
import { apiError, json, renderApp } from '@/test/render-app';

const signedOut = { 'GET /api/me': () => apiError(401, 'Please sign in.', 'Unauthorized') };

describe('login screen', () => {
  it('shows the welcome, the sign-in button and the version', async () => {
    renderApp('/login', signedOut);
    expect(await screen.findByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeInTheDocument();
    expect(
      screen.getByText('Please sign in with your Google Workspace account to begin your onboarding process.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'INSPIRED 2 UPLIFT' })).toHaveAttribute('src', '/content/logo.svg');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.getByText('Version 0.5')).toBeInTheDocument();
  });

  it('runs the development sign-in after 800 ms and opens the dashboard', async () => {
    localStorage.setItem('completed_steps', '[0,1]');
    let signedIn = false;
    const { user, currentLocation, fetchMock } = renderApp('/login', {
      'GET /api/me': () => (signedIn ? json({ user: testUser }) : apiError(401, 'Please sign in.', 'Unauthorized')),
      'POST /api/auth/dev-login': () => {
        signedIn = true;
        return json({ user: testUser });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/dev-login', expect.anything());

    expect(await screen.findByText('Development Mode', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Using simulated login flow for development')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/dev-login',
      expect.objectContaining({ method: 'POST', body: '{}', headers: expect.objectContaining({ 'Content-Type': 'application/json' }) }),
    );
    expect(localStorage.getItem('completed_steps')).toBeNull();
    expect(JSON.parse(localStorage.getItem('onboarding_user') ?? 'null')).toEqual(testUser);
  });

  it('says so and returns to idle when the sign-in fails', async () => {
    const { user } = renderApp('/login', {
      ...signedOut,
      'POST /api/auth/dev-login': () => apiError(403, 'Development sign-in is off.', 'Forbidden'),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Authentication Error', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your login. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('sends a signed-in user straight to the dashboard', async () => {
    const { currentLocation } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard');
  });

  it('uses the version from the server settings', async () => {
    renderApp('/login', { ...signedOut, 'GET /api/config': () => json({ ...testConfig, version: '0.6' }) });
    expect(await screen.findByText('Version 0.6')).toBeInTheDocument();
  });
});

describe('Google sign-in on the login screen', () => {
  // Sonner keeps active toasts in module state and replays them to a new Toaster: start each test without any.
  beforeEach(() => {
    toast.dismiss();
  });
  const googleConfig = { 'GET /api/config': () => json({ ...testConfig, signIn: { google: true, development: false } }) };
  const googleUser = { ...testUser, isDevelopmentUser: false, picture: '/api/users/me/picture?v=0123456789ab' };

  it('hands the browser to the server’s start route: the button reads Signing in... and is disabled', async () => {
    // jsdom does not follow the navigation; the browser tests (tests/e2e/google-sign-in.spec.ts) do.
    const { user, fetchMock } = renderApp('/login', { ...signedOut, ...googleConfig });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Use development sign-in' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/dev-login', expect.anything());
  });

  it('offers development sign-in as well when the server offers both', async () => {
    renderApp('/login', { ...signedOut, 'GET /api/config': () => json({ ...testConfig, signIn: { google: true, development: true } }) });
    expect(await screen.findByRole('button', { name: 'Use development sign-in' })).toBeEnabled();
  });

  it('exchanges the code of the address once, clears the address, and opens the dashboard after 500 ms', async () => {
    let signedIn = false;
    const bodies: unknown[] = [];
    const { currentLocation, fetchMock } = renderApp('/login?code=code-success&state=state-1&scope=email', {
      ...googleConfig,
      'GET /api/me': () => (signedIn ? json({ user: googleUser }) : apiError(401, 'Please sign in.', 'Unauthorized')),
      'POST /api/auth/google/callback': ({ body }) => {
        bodies.push(body);
        signedIn = true;
        return json({ user: googleUser, returnTo: '/dashboard' });
      },
    });
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(await screen.findByText('Signed in. Opening your onboarding...')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
    expect(currentLocation().search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex!' }, { timeout: 3000 })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard');
    expect(bodies).toEqual([{ code: 'code-success', state: 'state-1' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/google/callback')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('onboarding_user') ?? 'null')).toEqual(googleUser);
  });

  it('exchanges the code only once under React strict mode', async () => {
    const { currentLocation, fetchMock } = renderApp(
      '/login?code=code-strict&state=state-2',
      {
        ...googleConfig,
        'GET /api/me': () => apiError(401, 'Please sign in.', 'Unauthorized'),
        'POST /api/auth/google/callback': () => json({ user: googleUser, returnTo: '/dashboard' }),
      },
      { strictMode: true },
    );
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'), { timeout: 3000 });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/google/callback')).toHaveLength(1);
  });

  it('shows the refusal naming the domain, as a toast and on the screen, and returns to idle', async () => {
    const message = 'Only @inspired2uplift.org Google Workspace accounts can sign in. Sign in with your @inspired2uplift.org account.';
    const { currentLocation } = renderApp('/login?code=code-refused&state=state-3', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () => apiError(403, message, 'Forbidden'),
    });
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(currentLocation()).toMatchObject({ pathname: '/login', search: '' });
  });

  it('says the login could not be processed when the exchange fails', async () => {
    renderApp('/login?code=code-failed&state=state-4', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () => apiError(400, 'This sign-in has already been used. Please sign in again.', 'Bad Request'),
    });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your login. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('says Login Failed when the answer has no user data', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/login?code=code-no-user&state=state-5', {
      ...signedOut,
      ...googleConfig,
      'POST /api/auth/google/callback': () => json({ returnTo: '/dashboard' }),
    });
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Could not retrieve user information. Please try again.')).toBeInTheDocument();
  });

  it('reports an error from Google (e.g. the member cancelled) without calling the server', async () => {
    const { currentLocation, fetchMock } = renderApp('/login?error=access_denied&state=state-6', { ...signedOut, ...googleConfig });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('There was a problem with Google authentication.')).toBeInTheDocument();
    expect(currentLocation().search).toBe('');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/google/callback', expect.anything());
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('reports an authorization response it does not recognise (a code without state)', async () => {
    const { fetchMock } = renderApp('/login?code=code-alone', { ...signedOut, ...googleConfig });
    expect(await screen.findByText('Unrecognized authentication response format.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/google/callback', expect.anything());
  });
});
