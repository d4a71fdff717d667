import type { MemberPreboarding as Preboarding } from '@shared/admin-api';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '../utils/format';

/**
 * What a member did before their first day, on their member page (docs/product.md#pre-boarding): when they first
 * opened the page from their private e-mail, the steps they read and the forms they sent (titles and times; the
 * answers are with their other answers), and when it became theirs at their first Google sign-in.
 */
export function MemberPreboarding({ preboarding }: { preboarding: Preboarding }) {
  const done = [
    ...preboarding.steps.map((s) => ({ ...s, what: 'read' })),
    ...preboarding.formsSent.map((s) => ({ ...s, what: 'sent' })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Card role="region" className="space-y-3 p-5" aria-labelledby="preboarding-heading">
      <h3 id="preboarding-heading" className="text-lg font-semibold">
        Before the first day
      </h3>
      <p className="text-sm text-slate-700">
        {preboarding.firstOpenedAt === null
          ? 'They have not opened the page from their private e-mail yet.'
          : `First opened the page from their private e-mail on ${formatDateTime(preboarding.firstOpenedAt)}.`}{' '}
        {preboarding.joinedAt === null
          ? 'It becomes part of their onboarding at their first sign-in.'
          : `It became part of their onboarding at their first sign-in, on ${formatDateTime(preboarding.joinedAt)}.`}
      </p>
      {done.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing done before the first day.</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {done.map((d) => (
            <li key={`${d.what}:${d.stepId}`}>
              <span className="font-semibold">{d.title}</span>: {d.what === 'sent' ? 'form sent' : 'read'} on{' '}
              {formatDateTime(d.at)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
