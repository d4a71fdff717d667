import { APP_VERSION } from '@shared/version';
import LogIn from 'lucide-react/icons/log-in';
import { useEffect } from 'react';
import { AppFooter } from '@/components/layouts/app-footer';
import { AppHeader } from '@/components/layouts/app-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/app-config/api/get-config';
import { usePreboardingPage, useEndPreboarding } from '@/features/preboarding/api/preboarding';
import { PreboardingView } from '@/features/preboarding/components/preboarding-view';
import { showPreferences, showStoredPreferences, storePreferences } from '@/features/preferences';
import { isApiError } from '@/lib/api-client';

/** What the page says when its session ended or never was: how to get a new link, or to sign in. */
function Closed({ message }: { message: string }) {
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-xl font-bold text-slate-900">Your page to get ready is closed</h2>
      <p className="text-slate-700">{message}</p>
      <div className="flex flex-wrap gap-3">
        {/* The server's own pages (not the app's): plain links. */}
        <Button asChild>
          <a href={paths.preboardingNewLink.getHref()}>Get a new link</a>
        </Button>
        <Button asChild variant="outline">
          <a href={paths.login.getHref()}>
            <LogIn />
            Sign in with Google
          </a>
        </Button>
      </div>
    </Card>
  );
}

/**
 * /preboarding, the page to get ready before the first day (docs/product.md#pre-boarding), opened from the link sent to
 * the private address. No Google account yet: its own session. The reading preferences chosen here are the
 * newcomer's, and theirs as a member from their first sign-in.
 */
export function PreboardingRoute() {
  const config = useConfig();
  const page = usePreboardingPage();
  const end = useEndPreboarding();
  useEffect(() => showStoredPreferences(), []);
  useEffect(() => {
    if (page.data === undefined) return;
    showPreferences(page.data.preferences);
    storePreferences({ preferences: page.data.preferences, unsaved: false });
  }, [page.data]);
  const closed = page.isError && isApiError(page.error) && page.error.status === 401;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader preferencesSavedTo={page.data ? 'preboarding' : 'browser'}>
        {page.data ? (
          <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => end.mutate()}>
            Close this page
          </Button>
        ) : null}
      </AppHeader>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 space-y-8 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        {end.isSuccess ? (
          <Closed message="You closed it on this device. To open it again, ask for a new link: we send it to your private e-mail address." />
        ) : closed ? (
          <Closed message={page.error.message} />
        ) : page.isError ? (
          <div role="alert" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p className="font-semibold">Your page could not be loaded.</p>
            <p className="text-sm">{page.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void page.refetch()}>
              Try again
            </Button>
          </div>
        ) : page.data === undefined ? (
          <div role="status" className="space-y-4">
            <span className="sr-only">Loading your page…</span>
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-44 rounded-2xl" />
          </div>
        ) : (
          <PreboardingView page={page.data} />
        )}
      </main>
      <AppFooter
        orgName={config.data?.orgName}
        supportEmail={config.data?.supportEmail}
        appVersion={config.data?.version ?? APP_VERSION}
      />
    </div>
  );
}
