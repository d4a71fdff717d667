import { cleanup, screen, waitFor, within } from '@testing-library/react';
import confetti from 'canvas-confetti';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PROGRESS_KEYS } from '@/features/onboarding/hooks/use-local-progress';
import { apiError, json, renderApp } from '@/test/render-app';
import { testDemo, testWidgetOnboarding, widgetSteps } from '@/test/widget-fixtures';

/**
 * docs/product.md#progress-rules: the confetti of 100% celebrates the completion once — not again on every visit to a
 * completed onboarding. The confetti library itself is replaced (jsdom has no canvas, src/client/test/setup.ts); its
 * calls show whether confetti played.
 */
const confettiCalls = () => vi.mocked(confetti).mock.calls.length;
/** Long enough for the confetti module to load and fire its first burst, which it does at once. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const allDone = widgetSteps.map((s) => s.id);

async function visitDashboard() {
  const app = renderApp('/dashboard', {
    'GET /api/onboarding': () => json(testWidgetOnboarding({ completed: allDone })),
  });
  expect(await screen.findByText('Onboarding complete!')).toBeInTheDocument();
  await settle();
  return app;
}

async function visitDemo() {
  const app = renderApp('/test', {
    'GET /api/demo': () => json(testDemo()),
    'GET /api/me': () => apiError(401, 'Please sign in to continue.', 'Unauthorized'),
  });
  await screen.findByRole('heading', { name: 'Welcome, Demo!' });
  await settle();
  return app;
}

describe('confetti at 100% (docs/product.md#progress-rules)', () => {
  it('plays on the first visit to a completed dashboard, and not on the next visits', async () => {
    const before = confettiCalls();
    await visitDashboard();
    await waitFor(() => expect(confettiCalls()).toBeGreaterThan(before));
    cleanup();

    const afterFirst = confettiCalls();
    await visitDashboard();
    cleanup();
    await visitDashboard();
    expect(confettiCalls()).toBe(afterFirst);
  }, 20_000);

  it('plays again when the completion happens in front of the member (a step reset and completed)', async () => {
    localStorage.setItem(DEMO_PROGRESS_KEYS.steps, JSON.stringify(allDone));
    await visitDemo();
    cleanup();
    const { user } = await visitDemo();
    const quietCalls = confettiCalls();
    expect(screen.getByText('Onboarding complete!')).toBeInTheDocument();

    const people = screen.getByRole('article', { name: 'Meet your people' });
    await user.click(within(people).getByRole('button', { name: 'Reset step' }));
    expect(screen.queryByText('Onboarding complete!')).not.toBeInTheDocument();
    await settle();
    expect(confettiCalls()).toBe(quietCalls);
    await user.click(within(people).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Onboarding complete!')).toBeInTheDocument();
    await waitFor(() => expect(confettiCalls()).toBeGreaterThan(quietCalls));
  }, 20_000);
});
