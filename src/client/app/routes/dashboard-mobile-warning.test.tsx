import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, setMobileViewport } from '@/test/render-app';

/** The personal-computer notice under the progress panel (docs/product.md#mobile-warning). */
const notice = () => screen.queryByText(/Onboarding is meant to be used on a personal computer\. Some steps/);

afterEach(() => {
  document.cookie = 'mobile-warning-dismissed=; Path=/; Max-Age=0';
});

describe('the mobile warning on the dashboard, on a phone', () => {
  it(
    'once dismissed, neither the dialog nor the notice shows: not now, and not after a reload',
    { timeout: 30_000 },
    async () => {
      setMobileViewport(true);
      const first = renderApp('/dashboard');
      // The notice and the dialog say the same: the notice under the progress panel, the dialog 800 ms after load.
      await waitFor(() => expect(notice()).toBeInTheDocument(), { timeout: 10_000 });
      const dismiss = await screen.findByRole('button', { name: 'Continue Anyway' }, { timeout: 10_000 });
      await first.user.click(dismiss);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Warning' })).not.toBeInTheDocument());
      expect(notice()).not.toBeInTheDocument();
      // The server renders the next first screen from this cookie (src/server/plugins/document-answers.ts).
      expect(document.cookie).toContain('mobile-warning-dismissed=1');
      cleanup();

      renderApp('/dashboard');
      await screen.findByRole('heading', { name: 'Welcome, Alex!' }, { timeout: 10_000 });
      expect(notice()).not.toBeInTheDocument();
      // Well past the dialog's 800 ms.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(screen.queryByRole('dialog', { name: 'Warning' })).not.toBeInTheDocument();
      expect(notice()).not.toBeInTheDocument();
    },
  );
});
