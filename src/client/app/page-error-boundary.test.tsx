import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, renderApp } from '@/test/render-app';

// The demo page's chunk cannot be downloaded (a lost connection, or a release that removed it): loading the page
// module fails as the browser's import would.
vi.mock('@/app/routes/demo', () => ({
  get DemoRoute() {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/demo.js');
  },
}));

describe('a page whose code cannot be downloaded', () => {
  it("shows the Application Error page with 'Try again', and the pages again once the location changes", async () => {
    // React reports the error its boundary caught on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, currentLocation } = renderApp('/test', {
      'GET /api/me': () => apiError(401, 'Please sign in.', 'Unauthorized'),
    });
    expect(await screen.findByRole('heading', { name: 'Application Error' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module: \/assets\/demo\.js/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    // Signing out opens /login: a new location, so the boundary lets the pages render again.
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
    expect(screen.queryByRole('heading', { name: 'Application Error' })).not.toBeInTheDocument();
  });
});
