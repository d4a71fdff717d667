import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Makes tailwind-merge build its lookup tables now (it does so on its first call: about 12 ms on a laptop, 50 ms on a
 * phone's CPU), so that an entry can do it in a task of its own before the first render instead of inside it
 * (docs/decisions/026-main-thread-on-a-phone.md). Calling it again costs nothing.
 */
export function prepareClassNames(): void {
  twMerge('size-4 size-8');
}
