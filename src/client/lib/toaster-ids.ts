/**
 * The second toaster of docs/product.md#constants (4000 ms, 3 visible, 14 px gap), used for short confirmations such as
 * 'Email copied to clipboard', so they never push an important notification out of the app toaster (which shows one at
 * a time). Its own file so the toasters (components/ui/toasters.tsx) and lib/toasts.ts, which loads them, both name it
 * without importing each other.
 */
export const CONFIRMATION_TOASTER_ID = 'confirmations';
