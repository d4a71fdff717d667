import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppHeader } from '@/components/layouts/app-header';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import type { User } from '@shared/api';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';
import { adminViewOf } from '@/features/admin/utils/admin-access';

/**
 * A page of the signed-in person's own beside their steps ('Your devices', 'My tasks'; docs/product.md#pages): the
 * header with 'My steps', who is signed in, the page's own links and 'Log out', then the page's heading, a sentence
 * on what it is for, and its content.
 * @param props `user` the signed-in person; `title` the page's heading; `intro` the sentence under it; `links` header
 *   links shown after the person (e.g. the other page of the two); `children` the page's content
 */
export function SignedInPage({
  user,
  title,
  intro,
  links,
  children,
}: {
  user: User;
  title: string;
  intro: ReactNode;
  links: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader
        isDevelopmentUser={user.isDevelopmentUser}
        isAdmin={adminViewOf(user) !== null}
        isEditor={user.isEditor === true}
      >
        <Link
          to={paths.dashboard.getHref()}
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          My steps
        </Link>
        <UserSummary user={user} />
        {links}
        <LogoutButton variant="outline" size="sm" className="max-sm:px-2.5" />
      </AppHeader>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
        <p className="text-slate-700">{intro}</p>
        {children}
      </main>
    </div>
  );
}
