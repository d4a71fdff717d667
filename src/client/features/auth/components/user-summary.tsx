import type { User } from '@shared/api';
import * as Avatar from '@radix-ui/react-avatar';
import type { ReactNode } from 'react';
import { displayNameOf } from '../utils/display-name';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => w?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** Avatar (the picture, or an initials circle), name, e-mail and a slot for the role badge. */
export function UserSummary({ user, badge }: { user: User; badge?: ReactNode }) {
  const name = displayNameOf(user.name);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <Avatar.Root className="inline-flex size-10 shrink-0 overflow-hidden rounded-full bg-brand-100 ring-2 ring-white shadow-sm">
        {user.picture ? (
          <Avatar.Image src={user.picture} alt="" referrerPolicy="no-referrer" className="size-full object-cover" />
        ) : null}
        <Avatar.Fallback
          className="flex size-full items-center justify-center text-sm font-bold text-brand-800"
          aria-hidden="true"
        >
          {initialsOf(name)}
        </Avatar.Fallback>
      </Avatar.Root>
      <div className="min-w-0 text-left">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <p className="text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{name}</p>
          {badge}
        </div>
        <p className="text-xs [overflow-wrap:anywhere] text-slate-600">{user.email}</p>
      </div>
    </div>
  );
}
