import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, renderApp } from '@/test/render-app';

describe('protected wrapper', () => {
  it("shows the 'Profile Error' toast (docs/product.md#exact-texts) and a way to retry when the server cannot tell who is signed in", async () => {
    renderApp('/dashboard', {
      'GET /api/me': () =>
        apiError(503, 'The database is not available right now. Please try again in a moment.', 'Service Unavailable'),
    });
    expect(await screen.findByText('Profile Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to retrieve your profile information.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't check your sign-in.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends a visitor without a session to the login page (a full page load), without an error toast', async () => {
    const { pageLoads } = renderApp('/dashboard', {
      'GET /api/me': () => apiError(401, 'Please sign in to continue.', 'Unauthorized'),
    });
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('Profile Error')).not.toBeInTheDocument();
  });
});
