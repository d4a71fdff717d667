import { toast } from 'sonner';
import { isLocalHost } from './host';

/**
 * The second toaster of SPEC §9 (4000 ms, 3 visible, 14 px gap), used for short confirmations such as 'Email copied to
 * clipboard', so they never push an important notification out of the app toaster (which shows one at a time).
 */
export const CONFIRMATION_TOASTER_ID = 'confirmations';

/** How long a copy confirmation stays (SPEC §9 "copy toast 2000 ms"). */
export const COPY_TOAST_MS = 2000;

/**
 * Shows a short confirmation in the confirmation toaster; on a local host with the ' (dev)' suffix of SPEC §8.
 * @param title e.g. 'Email copied to clipboard'
 */
export function confirmCopied(title: string): void {
  toast.success(`${title}${isLocalHost() ? ' (dev)' : ''}`, { toasterId: CONFIRMATION_TOASTER_ID, duration: COPY_TOAST_MS });
}
