export { formatDateTime, formatDay } from '@/lib/dates';

/** The shared look of the console's text inputs and selects (visible focus, 40 px tall for touch). */
export const fieldClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 focus-within:border-brand-700 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-brand-700';

/** The console's field labels. */
export const labelClass = 'block text-sm font-medium text-slate-800';
