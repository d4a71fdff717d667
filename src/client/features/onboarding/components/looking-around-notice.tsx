import Compass from 'lucide-react/icons/compass';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useStartOwnOnboarding } from '../api/start-own-onboarding';

/**
 * The notice above the steps of someone who signed in with an admin role to look around
 * (docs/product.md#who-starts-an-onboarding): they are not doing an onboarding (no due dates, reminders or team tasks
 * for them), and 'Start my own onboarding', then 'Yes, start my onboarding today', makes them a newcomer on purpose.
 * A toast says it started (the notice then goes); a failure says what to do, in an alert.
 */
export function LookingAroundNotice() {
  const start = useStartOwnOnboarding();
  const [asked, setAsked] = useState(false);
  const failed = start.isError ? 'Your onboarding could not be started. Check your connection, then try again.' : '';
  return (
    <div
      role="region"
      aria-label="You are looking around"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900"
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <Compass aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">You are looking around</p>
          <p className="text-sm">
            You signed in with an admin role, so you are not doing an onboarding: you have no due dates, no reminders
            and nobody gets tasks for welcoming you. If you are new here too, start your own onboarding.
          </p>
        </div>
      </div>
      {asked ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            autoFocus
            disabled={start.isPending}
            aria-busy={start.isPending}
            onClick={() => start.mutate()}
          >
            Yes, start my onboarding today
          </Button>
          <Button size="sm" variant="outline" disabled={start.isPending} onClick={() => setAsked(false)}>
            Not now
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setAsked(true)}>
          Start my own onboarding
        </Button>
      )}
      <p role="alert" className="w-full text-sm font-medium text-red-800 empty:hidden">
        {failed}
      </p>
    </div>
  );
}
