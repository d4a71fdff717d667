import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('404 page', () => {
  it('names the missing path, offers the way back and the support contact', async () => {
    const { user, currentLocation } = renderApp('/no/such/page');
    expect(await screen.findByText("We couldn't find the page you're looking for.")).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /support@inspired2uplift\.org/ })).toHaveAttribute(
      'href',
      'mailto:support@inspired2uplift.org',
    );

    await user.click(screen.getByRole('link', { name: 'Return to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard');
  });
});
