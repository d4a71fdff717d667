import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { CONFIRMATION_TOASTER_ID } from '@/lib/toaster-ids';

/** Sonner itself, for lib/toasts.ts: it arrives with this chunk. */
export { toast } from 'sonner';

// Sonner's own error red is under 4.5:1 on its pink; these keep destructive toasts AA.
const TOAST_COLORS = {
  '--error-bg': '#fef2f2',
  '--error-border': '#fca5a5',
  '--error-text': '#991b1b',
  '--success-bg': '#ecfdf5',
  '--success-border': '#6ee7b7',
  '--success-text': '#065f46',
} as CSSProperties;

/**
 * The two toasters of docs/product.md#constants. Their own chunk with sonner (docs/architecture.md#client-bundle):
 * lib/toasts.ts loads it after the first paint, and AppProvider mounts them then; a toast shown before that is replayed
 * to them when they mount.
 */
export function Toasters() {
  return (
    <>
      {/*
        docs/product.md#constants: the app toaster shows at most one toast, 5000 ms, swipe right, F8 focuses the toasts. (Sonner's swipe
        threshold is fixed at 45 px and cannot be set.)
      */}
      <Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        swipeDirections={['right']}
        position="bottom-right"
        richColors
        closeButton
        containerAriaLabel="Notifications"
        toastOptions={{ classNames: { title: 'font-semibold', description: 'text-sm' } }}
        style={TOAST_COLORS}
      />
      {/* docs/product.md#constants: the second toaster, 4000 ms, 3 visible, 14 px gap: short confirmations such as copying an e-mail. */}
      <Toaster
        id={CONFIRMATION_TOASTER_ID}
        visibleToasts={3}
        duration={4000}
        gap={14}
        position="top-center"
        richColors
        containerAriaLabel="Confirmations"
        toastOptions={{ classNames: { title: 'font-semibold' } }}
        style={TOAST_COLORS}
      />
    </>
  );
}
