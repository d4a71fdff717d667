/**
 * What "Stalled" means, in the words the members table and the Insights page show (docs/product.md#due-dates-and-reminders):
 * the server decides it with one definition (modules/member-overview/stalled.ts); this sentence says the same.
 * @param days STALLED_AFTER_DAYS (7 unless the server is set otherwise)
 * @returns e.g. "Stalled means: signed in, has steps left, and has completed no step for 7 days or more (counted from
 *   their start date or their last completed step, whichever is later). People who have not signed in yet, who left
 *   or who are not doing an onboarding are never stalled."
 */
export function stalledMeaning(days: number): string {
  return (
    `Stalled means: signed in, has steps left, and has completed no step for ${days} ${days === 1 ? 'day' : 'days'} or more ` +
    '(counted from their start date or their last completed step, whichever is later). People who have not signed in ' +
    'yet, who left or who are not doing an onboarding are never stalled.'
  );
}
