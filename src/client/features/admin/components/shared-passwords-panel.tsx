import type { AdminSecret } from '@shared/admin-api';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toasts';
import { revealSharedPassword, useSetSharedPassword, useSharedPasswords } from '../api/shared-passwords';
import { fieldClass, formatDateTime, labelClass } from '../utils/format';

/**
 * The shared team passwords (admins only): for each, whether it is set and when and by whom it was last changed; a
 * field to set a new value (rotation), and 'Show' to reveal the current one (the server writes every reveal to the
 * audit log). Values are encrypted in the database.
 */
export function SharedPasswordsPanel() {
  const list = useSharedPasswords();
  if (list.isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading the shared passwords…
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="text-red-700">
        {list.error.message}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-slate-700">
        Change a password here after you changed it on the service itself. Members whose role allows it see the new one
        at once. Every time someone is shown a password, it is written to the audit log.
      </p>
      {list.data.items.map((item) => (
        <SharedPasswordRow key={item.name} item={item} />
      ))}
    </div>
  );
}

function SharedPasswordRow({ item }: { item: AdminSecret }) {
  const id = useId();
  const save = useSetSharedPassword();
  const [value, setValue] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [revealError, setRevealError] = useState<string | null>(null);
  const title = item.steps.length > 0 ? item.steps.join(', ') : item.name;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save
      .mutateAsync({ name: item.name, value })
      .then(() => {
        setValue('');
        setShown(null);
        toast.success(`Saved the new password for ${title}`);
      })
      .catch(() => {
        // Shown below from `save.error`.
      });
  };
  const onShow = () => {
    setRevealError(null);
    revealSharedPassword(item.name)
      .then((answer) => setShown(answer.value ?? 'Not set'))
      .catch((error: unknown) =>
        setRevealError(error instanceof Error ? error.message : 'Could not show the password.'),
      );
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="space-y-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h3>
        <code className="text-xs text-slate-600">{item.name}</code>
      </div>
      <p className="text-sm text-slate-700">
        {!item.set
          ? 'Not set yet.'
          : item.updatedAt === null
            ? "Set from the server's settings."
            : `Changed ${formatDateTime(item.updatedAt)} by ${item.updatedBy ?? 'an admin'}.`}
      </p>
      {item.set ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" size="sm" onClick={shown === null ? onShow : () => setShown(null)}>
            {shown === null ? 'Show' : 'Hide'}
          </Button>
          {shown !== null ? (
            <code className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all">{shown}</code>
          ) : null}
          {revealError ? (
            <span role="alert" className="text-sm text-red-700">
              {revealError}
            </span>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-[min(16rem,100%)] flex-1">
          <label htmlFor={`${id}-value`} className={labelClass}>
            New password
          </label>
          <input
            id={`${id}-value`}
            type="password"
            autoComplete="new-password"
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={fieldClass}
          />
        </div>
        <Button type="submit" disabled={save.isPending || value.trim() === ''}>
          {save.isPending ? 'Saving…' : 'Save new password'}
        </Button>
      </form>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      ) : null}
    </Card>
  );
}
