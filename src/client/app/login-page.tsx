import { DEFAULT_ORG_NAME } from '@shared/org';
import { APP_VERSION } from '@shared/version';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';
import { SupportContact } from '@/components/ui/support-contact';
import { getConfig } from '@/features/app-config/api/config';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { PreferencesButton } from '@/features/preferences';
import { useGoogleCallback } from '@/features/auth/hooks/use-google-callback';
import { returnToOf } from '@/features/auth/utils/return-to';
import { useSignedInRedirect } from '@/features/auth/hooks/use-signed-in-redirect';
import { useOrgTitle } from '@/hooks/use-org-title';
import { useRequest } from '@/hooks/use-request';

/**
 * The login screen (docs/product.md#login-screen), with the states of docs/product.md#sign-in: idle, processing (a code
 * in the address: exchanged once, the button reads 'Signing in...'), success (the dashboard opens after 500 ms),
 * failure (idle again, with the error toast; an account of another domain also sees the server's message naming the
 * domain to use). The page is its own document (login.html, entry login-main.tsx) with React only: no router, no
 * TanStack Query (docs/architecture.md#client-bundle budget, docs/decisions/012-login-page-own-entry.md); it goes to
 * the app by full page loads.
 */
export function LoginPage() {
  const { phase, refusal, hasCode } = useGoogleCallback();
  const me = useSignedInRedirect(!hasCode, returnToOf(window.location.search));
  const config = useRequest(getConfig);
  const orgName = config.data?.orgName ?? DEFAULT_ORG_NAME;
  useOrgTitle(config.data?.orgName);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 via-slate-50 to-slate-100 px-4 py-10">
      <div className="flex w-full max-w-md justify-end">
        <PreferencesButton savedTo="browser" />
      </div>
      <Card className="w-full max-w-md px-4 py-8 text-center sm:p-10">
        <Logo className="mx-auto size-20" />
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome to {orgName}!</h1>
        <p className="mt-3 text-base text-slate-600">
          Please sign in with your Google Workspace account to begin your onboarding process.
        </p>
        <div className="mt-8">
          <SignInButton
            returnTo={returnToOf(window.location.search)}
            config={config.data}
            busy={(me.checking && phase === 'idle') || phase === 'processing' || phase === 'success'}
          />
        </div>
        <p role="status" className="mt-3 text-sm text-slate-600 empty:hidden">
          {phase === 'success' ? 'Signed in. Opening your onboarding...' : ''}
        </p>
        {refusal !== null ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-left text-sm text-red-900"
          >
            <p>{refusal}</p>
          </div>
        ) : null}
        {config.error ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-left text-sm text-red-900"
          >
            <p>{config.error.message}</p>
            <Button variant="link" className="h-auto px-0 text-red-900" onClick={config.retry}>
              Try again
            </Button>
          </div>
        ) : null}
        <p className="mt-6 text-sm text-slate-600">Version {config.data?.version ?? APP_VERSION}</p>
        {config.data ? (
          <SupportContact email={config.data.supportEmail} orgName={orgName} className="mt-2 text-xs" />
        ) : null}
      </Card>
    </main>
  );
}
