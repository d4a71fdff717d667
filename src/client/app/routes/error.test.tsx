import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderApp } from '@/test/render-app';
import { testDemo } from '@/test/widget-fixtures';

// A component deep inside the dashboard and the demo page that fails while rendering.
vi.mock('@/features/onboarding/components/progress-panel', () => ({
  ProgressPanel: () => {
    throw new Error('The progress panel broke while rendering.');
  },
}));

describe('uncaught render errors', () => {
  it.each([
    ['/dashboard', {}],
    ['/test', { 'GET /api/demo': () => json(testDemo()) }],
  ])('on %s land on the Application Error page, never on the router’s own error view', async (path, handlers) => {
    // React reports the caught render error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(path, handlers);
    // The first test of the file also loads the lazy page chunks (transformed on first use): allow it 3 s.
    expect(await screen.findByRole('heading', { name: 'Application Error' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('We encountered an unexpected error.')).toBeInTheDocument();
    expect(screen.getByText('The progress panel broke while rendering.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });
});
