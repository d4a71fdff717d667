import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toasts';
import { usePrivateEmail, useSetPrivateEmail } from '../api/private-email';
import { fieldClass, labelClass } from '../utils/format';

/**
 * A member's private e-mail address on their page (docs/product.md#private-e-mail-address): whether one is set, the
 * address itself only when asked for ("Show", written to the audit log), and for admins a field to add, change or
 * remove it. A department lead sees it read-only.
 */
export function MemberPrivateEmail({
  email,
  hasPrivateEmail,
  canChange,
}: {
  email: string;
  hasPrivateEmail: boolean;
  canChange: boolean;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const read = usePrivateEmail(email, shown);
  const save = useSetPrivateEmail(email);
  const known = read.data?.privateEmail ?? null;
  const value = typed ?? known ?? '';
  const submit = (privateEmail: string | null) =>
    save
      .mutateAsync({ privateEmail })
      .then(() => {
        setTyped(null);
        setShown(true);
        toast.success(privateEmail === null ? 'Private e-mail address removed' : 'Private e-mail address saved');
      })
      .catch(() => {
        // Shown under the form from `save.error`.
      });
  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold">Private e-mail address</h3>
      <p className="text-sm text-slate-700">
        Where the welcome e-mail and the link to prepare before the first day go, before their Google account works.
        Only admins and their department leads can see it, and each look is written in the audit log.
      </p>
      {!hasPrivateEmail && known === null ? (
        <p className="text-sm font-medium text-slate-800">None yet.</p>
      ) : shown && read.isSuccess ? (
        <p className="text-sm font-medium break-all text-slate-800">{known ?? 'None yet.'}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-slate-800">Set, not shown.</p>
          <Button type="button" variant="outline" disabled={read.isFetching} onClick={() => setShown(true)}>
            {read.isFetching ? 'Showing…' : 'Show the private address'}
          </Button>
        </div>
      )}
      {read.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {read.error.message}
        </p>
      ) : null}
      {canChange ? (
        <form
          className="flex flex-wrap items-end gap-3"
          aria-describedby={save.isError ? `${id}-error` : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            void submit(value.trim() === '' ? null : value.trim());
          }}
        >
          <div className="min-w-0 grow">
            <label htmlFor={`${id}-private`} className={labelClass}>
              {hasPrivateEmail ? 'New private e-mail address' : 'Private e-mail address'}
            </label>
            <input
              id={`${id}-private`}
              type="email"
              autoComplete="off"
              value={value}
              onChange={(e) => setTyped(e.target.value)}
              className={fieldClass}
            />
          </div>
          <Button type="submit" disabled={save.isPending || value.trim() === ''}>
            Save private address
          </Button>
          {hasPrivateEmail ? (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => void submit(null)}>
              Remove it
            </Button>
          ) : null}
        </form>
      ) : null}
      {save.isError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {save.error.message}
        </p>
      ) : null}
    </Card>
  );
}
