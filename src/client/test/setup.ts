import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
// Pages, toasters and dialogs are lazy chunks (docs/architecture.md#client-bundle): the first test to open one waits
// for its modules to be transformed, which takes over a second when the whole suite runs at once on a busy 2-core
// machine. findBy…/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// A step's widgets are lazy chunks (docs/architecture.md#client-bundle), loaded when a step that shows them opens.
// Loaded here once, they come from the module cache like a warm browser cache, so an opened step shows them after one
// 'Loading…' tick.
import '@/features/onboarding/components/widgets/acknowledgments';
import '@/features/onboarding/components/widgets/checklist';
import '@/features/onboarding/components/widgets/contacts';
import '@/features/onboarding/components/widgets/media';
import '@/features/onboarding/components/widgets/pdf-viewer';
import '@/features/onboarding/components/widgets/shared-password-contacts';
// The header's role menu is its own chunk too, loaded by the first press of its button.
import '@/features/onboarding/components/role-preview-menu';

// docs/architecture.md#code-conventions: console.error fails a test. Calls are collected and reported after the test,
// because React and libraries often call console.error inside their own try/catch, where a throw would be swallowed.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module-wide store and replays the active ones to every new toaster: end them here,
  // so one test's toasts never show up in the next.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});

// jsdom does not scroll; ScrollToTop (app/scroll-to-top.tsx) calls this when another page opens, and a step card scrolls
// the control it moves focus to into view.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

// Confetti draws on a canvas, which jsdom does not have; tests check that it is asked to play.
vi.mock('canvas-confetti', () => ({ default: vi.fn(() => Promise.resolve()) }));

// jsdom has no ResizeObserver; Radix (tooltips) and the PDF viewer measure elements with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
