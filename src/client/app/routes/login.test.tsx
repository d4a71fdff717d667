import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    const { user, router, fetchMock } = renderApp('/login', {
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
    expect(router.state.location.pathname).toBe('/dashboard');
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
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('uses the version from the server settings', async () => {
    renderApp('/login', { ...signedOut, 'GET /api/config': () => json({ ...testConfig, version: '0.6' }) });
    expect(await screen.findByText('Version 0.6')).toBeInTheDocument();
  });
});
