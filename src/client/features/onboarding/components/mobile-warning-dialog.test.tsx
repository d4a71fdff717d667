import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MOBILE_WARNING_DELAY_MS, MOBILE_WARNING_KEY, MobileWarningDialog } from './mobile-warning-dialog';
// The dialog is its own chunk, loaded during the delay; importing it here keeps that load off the fake clock.
import './mobile-warning-content';

/** A matchMedia whose `(max-width: …)` queries match while `viewport.mobile` is true, and that reports changes. */
function stubViewport(mobile: boolean) {
  const listeners = new Set<() => void>();
  const viewport = {
    mobile,
    resize(next: boolean) {
      viewport.mobile = next;
      act(() => listeners.forEach((l) => l()));
    },
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return viewport.mobile && query.includes('max-width');
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return viewport;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Warning' });

describe('mobile warning dialog', () => {
  it("opens 800 ms after load on a phone, and 'Continue Anyway' closes it and remembers that", async () => {
    vi.useFakeTimers();
    stubViewport(true);
    render(<MobileWarningDialog />);
    await advance(MOBILE_WARNING_DELAY_MS - 1);
    expect(dialog()).not.toBeInTheDocument();
    await advance(1);
    expect(dialog()).toBeInTheDocument();
    expect(dialog()).toHaveAccessibleDescription(
      'Onboarding is meant to be used on a personal computer. On a phone or a small screen, some features may be broken, limited or harder to use.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBe('true');
  });

  it('stays closed on a phone once dismissed', async () => {
    vi.useFakeTimers();
    localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    stubViewport(true);
    render(<MobileWarningDialog />);
    await advance(5 * MOBILE_WARNING_DELAY_MS);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('never opens on a computer, and forgets the dismissal there', async () => {
    vi.useFakeTimers();
    localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    stubViewport(false);
    render(<MobileWarningDialog />);
    await advance(5 * MOBILE_WARNING_DELAY_MS);
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBeNull();
  });

  it('forgets the dismissal when the window grows past mobile, and warns again when it is mobile again', async () => {
    vi.useFakeTimers();
    const viewport = stubViewport(true);
    render(<MobileWarningDialog />);
    await advance(MOBILE_WARNING_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBe('true');

    viewport.resize(false);
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBeNull();
    viewport.resize(true);
    await advance(MOBILE_WARNING_DELAY_MS);
    expect(dialog()).toBeInTheDocument();
  });
});
