import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { apiError, renderApp, stubNetwork } from '@/test/render-app';
import { PageErrorBoundary } from './page-error-boundary';

// The demo page's chunk cannot be downloaded (a lost connection, or a release that removed it): loading the page
// module fails as the browser's import would.
vi.mock('@/app/routes/demo', () => ({
  get DemoRoute() {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/demo.js');
  },
}));

function Broken(): never {
  throw new Error('This page broke while rendering.');
}

describe('a page whose code cannot be downloaded', () => {
  it("shows the Application Error page with 'Try again' and 'Sign Out'", async () => {
    // React reports the error its boundary caught on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, pageLoads } = renderApp('/test', {
      'GET /api/me': () => apiError(401, 'Please sign in.', 'Unauthorized'),
    });
    expect(await screen.findByRole('heading', { name: 'Application Error' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module: \/assets\/demo\.js/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    // Signing out loads the login page, its own document (docs/decisions/012).
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login'));
  });
});

describe('the Error page boundary', () => {
  it('renders the pages again once the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubNetwork({});
    const user = userEvent.setup();
    render(
      <AppProvider>
        <MemoryRouter initialEntries={['/broken']}>
          <Link to="/fine">Somewhere else</Link>
          <PageErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<p>A page that works</p>} />
            </Routes>
          </PageErrorBoundary>
        </MemoryRouter>
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(screen.getByText(/This page broke while rendering\./)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByText('A page that works')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Application Error' })).not.toBeInTheDocument();
  });
});
