import type { ExternalToast } from 'sonner';
import { useSyncExternalStore } from 'react';
import type * as ToastersChunk from '@/components/ui/toasters';
import { isLocalHost } from './host';
import { CONFIRMATION_TOASTER_ID } from './toaster-ids';

/** The confirmations toaster's id (lib/toaster-ids.ts). */
export { CONFIRMATION_TOASTER_ID };

/** How long a copy confirmation stays (docs/product.md#constants: "copy toast 2000 ms"). */
export const COPY_TOAST_MS = 2000;

type ToastersModule = typeof ToastersChunk;

let loaded: ToastersModule | undefined;
let loading: Promise<ToastersModule> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads sonner and the toasters (components/ui/toasters.tsx, their own chunk: docs/architecture.md#client-bundle) once:
 * with the first toast, or on the first interaction ({@link loadToastsOnFirstInteraction}); every toast waits for it. A
 * failed load (no connection) is tried again by the next toast.
 * @returns the chunk
 */
export function loadToasts(): Promise<ToastersModule> {
  loading ??= import('@/components/ui/toasters').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * Loads the toasters (see {@link loadToasts}) on the first pointer press or key press anywhere on the page: toasts
 * mostly answer what the person does, and should show without waiting for their chunk.
 * @returns a function that stops waiting (for an effect's cleanup)
 */
export function loadToastsOnFirstInteraction(): () => void {
  const onInteraction = () => {
    stop();
    loadToasts().catch(() => {
      // No connection: the next toast tries again.
    });
  };
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
  };
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  return stop;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The toasters' chunk once loaded (undefined before): AppProvider mounts the toasters then. Undefined on the server and
 * while the browser hydrates its HTML, which has none (docs/decisions/030-dashboard-first-screen-from-the-server.md),
 * even when a toast of the last page loaded them first.
 */
export function useLoadedToasters(): ToastersModule | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
}

type ToastKind = 'message' | 'error' | 'success';

function show(kind: ToastKind, title: string, options?: ExternalToast): void {
  loadToasts().then(
    ({ toast }) => {
      if (kind === 'message') toast(title, options);
      else toast[kind](title, options);
    },
    () => console.warn(`Could not show the notification '${title}': the page could not load its notifications.`),
  );
}

/**
 * Sonner's `toast` (docs/product.md#constants), shown as soon as sonner is loaded (at once after the person's first
 * interaction). Same calls as sonner's: `toast(title, options)`, `toast.error`, `toast.success`, `toast.dismiss(id)`.
 */
export const toast = Object.assign((title: string, options?: ExternalToast) => show('message', title, options), {
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  /** Dismisses the toast `id` (all toasts without one). */
  dismiss: (id?: string | number) => {
    void loadToasts().then(
      ({ toast: sonner }) => sonner.dismiss(id),
      () => undefined,
    );
  },
});

/**
 * Shows a short confirmation in the confirmation toaster; on a local host with the ' (dev)' suffix of
 * docs/product.md#exact-texts.
 * @param title e.g. 'Email copied to clipboard'
 */
export function confirmCopied(title: string): void {
  toast.success(`${title}${isLocalHost() ? ' (dev)' : ''}`, {
    toasterId: CONFIRMATION_TOASTER_ID,
    duration: COPY_TOAST_MS,
  });
}
