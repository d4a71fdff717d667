import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MOBILE_WARNING_DELAY_MS, MOBILE_WARNING_KEY, MobileWarningDialog } from './mobile-warning-dialog';
import { rememberMobileWarningDismissal } from './mobile-warning-storage';

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

/** A fake clock for timers and animation frames (the dialog's delay, and the frame it opens at). */
function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
}

/** One animation frame: the dialog opens at the frame after it is added (mobile-warning-content.tsx). */
const FRAME_MS = 16;

/** Waits, frame by frame on the fake clock, until the dialog is open (React runs its effects between the frames). */
async function untilOpen() {
  await vi.waitFor(() => expect(dialog()).toBeInTheDocument(), { interval: FRAME_MS, timeout: 2000 });
}

describe('mobile warning dialog', () => {
  it("opens 800 ms after load on a phone, and 'Continue Anyway' closes it and remembers that", async () => {
    useFakeClock();
    stubViewport(true);
    render(<MobileWarningDialog />);
    await advance(MOBILE_WARNING_DELAY_MS - 1);
    expect(dialog()).not.toBeInTheDocument();
    await advance(1);
    await untilOpen();
    expect(screen.getByRole('button', { name: 'Continue Anyway' })).toHaveFocus();
    expect(dialog()).toHaveAccessibleDescription(
      'Onboarding is meant to be used on a personal computer. On a phone or a small screen, some features may be broken, limited or harder to use.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBe('true');
  });

  it("is modal without the browser's modal mode: aria-modal, Tab stays on its button, Escape and a tap outside close it", async () => {
    useFakeClock();
    // An earlier test's dismissal is also a cookie, which outlives the test.
    rememberMobileWarningDismissal(false);
    stubViewport(true);
    render(<MobileWarningDialog />);
    await advance(MOBILE_WARNING_DELAY_MS);
    await untilOpen();
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    const button = screen.getByRole('button', { name: 'Continue Anyway' });
    fireEvent.keyDown(button, { key: 'Tab' });
    fireEvent.keyDown(button, { key: 'Tab', shiftKey: true });
    expect(button).toHaveFocus();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBe('true');
    expect(document.documentElement).not.toHaveClass('overflow-hidden');
  });

  it('closes, as read, when the dimmed page around it is tapped', async () => {
    useFakeClock();
    // An earlier test's dismissal is also a cookie, which outlives the test.
    rememberMobileWarningDismissal(false);
    stubViewport(true);
    const { container } = render(<MobileWarningDialog />);
    await advance(MOBILE_WARNING_DELAY_MS);
    await untilOpen();
    const backdrop = container.querySelector('[aria-hidden="true"].fixed.inset-0');
    expect(backdrop).not.toBeNull();
    fireEvent.click(backdrop as Element);
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBe('true');
  });

  it('stays closed on a phone once dismissed', async () => {
    useFakeClock();
    localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    stubViewport(true);
    render(<MobileWarningDialog />);
    await advance(5 * MOBILE_WARNING_DELAY_MS);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('never opens on a computer, and forgets the dismissal there', async () => {
    useFakeClock();
    localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    stubViewport(false);
    render(<MobileWarningDialog />);
    await advance(5 * MOBILE_WARNING_DELAY_MS);
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBeNull();
  });

  it('forgets the dismissal when the window grows past mobile, and warns again when it is mobile again', async () => {
    useFakeClock();
    const viewport = stubViewport(true);
    render(<MobileWarningDialog />);
    await advance(MOBILE_WARNING_DELAY_MS);
    await untilOpen();
    fireEvent.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBe('true');

    viewport.resize(false);
    expect(localStorage.getItem(MOBILE_WARNING_KEY)).toBeNull();
    viewport.resize(true);
    await advance(MOBILE_WARNING_DELAY_MS);
    await untilOpen();
  });
});
