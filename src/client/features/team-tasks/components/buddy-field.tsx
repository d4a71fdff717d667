import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fieldClass, labelClass } from '@/features/admin';
import { toast } from '@/lib/toasts';
import { useBuddySuggestions, useSetBuddy } from '../api/buddies';

/**
 * A member's buddy on their member page (docs/product.md#team-tasks), for admins and the leads of the member's
 * department: the buddy now, a box for any member's address, and suggestions (members of the same department who
 * finished their own onboarding, fewest buddies first) to choose with one press.
 * @param email the member's address
 * @param buddy the buddy now (address), or null
 */
export function BuddyField({ email, buddy }: { email: string; buddy: string | null }) {
  const [value, setValue] = useState(buddy ?? '');
  const suggestions = useBuddySuggestions(email);
  const setBuddy = useSetBuddy(email);
  const inputId = useId();
  const hintId = useId();

  const save = (next: string | null) => {
    setBuddy
      .mutateAsync(next)
      .then(() => {
        setValue(next ?? '');
        toast.success(next === null ? 'Removed the buddy' : `${next} is now the buddy`);
      })
      .catch(() => {
        // Shown below from `setBuddy.error`.
      });
  };
  const others = (suggestions.data?.suggestions ?? []).filter((s) => s.email !== buddy);

  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold">Buddy</h3>
      <p className="text-sm text-slate-700">
        {buddy === null
          ? 'No buddy yet. A buddy is a member who helps this person settle in and does the buddy’s team tasks.'
          : `The buddy is ${buddy}.`}
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const next = value.trim();
          save(next === '' ? null : next);
        }}
      >
        <div className="min-w-[min(16rem,100%)] flex-1 space-y-1">
          <label htmlFor={inputId} className={labelClass}>
            Buddy’s e-mail address
          </label>
          <input
            id={inputId}
            type="email"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-describedby={hintId}
            className={fieldClass}
          />
        </div>
        <Button type="submit" disabled={setBuddy.isPending}>
          {setBuddy.isPending ? 'Saving…' : 'Save buddy'}
        </Button>
        {buddy !== null ? (
          <Button type="button" variant="ghost" onClick={() => save(null)} disabled={setBuddy.isPending}>
            Remove buddy
          </Button>
        ) : null}
      </form>
      <div id={hintId} className="space-y-2 text-sm text-slate-700">
        {suggestions.isPending ? (
          <p>Looking for suggestions…</p>
        ) : suggestions.isError ? (
          <p>No suggestions: {suggestions.error.message}</p>
        ) : others.length === 0 ? (
          <p>No suggestions: nobody else in this department has finished their onboarding yet.</p>
        ) : (
          <>
            <p>Suggested: members of the same department who finished their onboarding, fewest buddies first.</p>
            <ul className="flex flex-wrap gap-2">
              {others.map((s) => (
                <li key={s.email}>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => save(s.email)}
                    disabled={setBuddy.isPending}
                  >
                    Choose {s.name} ({s.buddies === 0 ? 'no buddies yet' : `buddy of ${s.buddies}`})
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {setBuddy.error ? (
        <p role="alert" className="text-sm text-red-700">
          {setBuddy.error.message}
        </p>
      ) : null}
    </Card>
  );
}
