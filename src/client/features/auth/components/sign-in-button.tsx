import type { AppConfig } from '@shared/api';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { pageNavigation } from '@/lib/page-navigation';
import { toastAfterNavigation } from '@/lib/toast-after-navigation';
import { toast } from '@/lib/toasts';
import { devLogin } from '../api/dev-login';
import { googleStartHref } from '../api/google-sign-in';
import { writeCachedUser } from '../utils/user-cache';
import { GoogleMark } from './google-mark';

/** docs/product.md#constants: the simulated development sign-in waits 800 ms. */
export const DEV_LOGIN_DELAY_MS = 800;
/**
 * docs/product.md#constants ("Authenticating button spinner 30 s"): after a click on 'Sign in with Google' the button
 * reads 'Authenticating...' until the browser leaves for Google, and at most this long — then it can be pressed again.
 */
export const AUTHENTICATING_LIMIT_MS = 30_000;
/** docs/product.md#sign-in: cleared on development sign-in. */
const LEGACY_PROGRESS_KEY = 'completed_steps';

interface SignInButtonProps {
  /** Where to go after signing in (a safe path on this site); undefined: the dashboard. */
  returnTo?: string | undefined;
  /** Undefined while the settings load; the button waits for them. */
  config: AppConfig | undefined;
  /**
   * True while the screen is busy on its own: checking the session, or processing a code
   * (docs/product.md#login-screen).
   */
  busy: boolean;
}

/**
 * 'Sign in with Google' (docs/product.md#login-screen, docs/product.md#sign-in). When the server offers Google sign-in,
 * a click hands the browser to the server's start route, which redirects to Google and back to /login?code=…
 * (docs/decisions/004-google-sign-in-redirect.md). When only development sign-in is on, it runs the simulated sign-in
 * after 800 ms, stores the user, keeps the 'Development Mode' toast for the next page (lib/toast-after-navigation.ts)
 * and loads the dashboard in place of the login page (another document: docs/decisions/012-login-page-own-entry.md). A
 * server that offers both (only outside production, with AUTH_DEV_LOGIN=true) also shows a small 'Use development
 * sign-in' button. After a click on 'Sign in with Google' the button reads 'Authenticating...' with a spinner and is
 * disabled, for at most {@link AUTHENTICATING_LIMIT_MS} (a redirect that never leaves the page gives the button back).
 * While the screen is busy otherwise (the session checked, a code processed, the development sign-in) it reads
 * 'Signing in...' with a spinner and is disabled.
 */
export function SignInButton({ config, busy, returnTo }: SignInButtonProps) {
  const [processing, setProcessing] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const authenticatingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(authenticatingTimer.current);
    },
    [],
  );

  // Coming back with the browser's Back button restores this page from the back-forward cache, still "signing in".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setProcessing(false);
      setAuthenticating(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const signInWithGoogle = () => {
    setAuthenticating(true);
    clearTimeout(authenticatingTimer.current);
    authenticatingTimer.current = setTimeout(() => setAuthenticating(false), AUTHENTICATING_LIMIT_MS);
    pageNavigation.assign(googleStartHref(returnTo));
  };

  const signInForDevelopment = () => {
    setProcessing(true);
    timer.current = setTimeout(() => {
      devLogin().then(
        (user) => {
          writeCachedUser(user);
          try {
            localStorage.removeItem(LEGACY_PROGRESS_KEY);
          } catch {
            // Storage may be off (private mode); nothing was stored there either.
          }
          toastAfterNavigation('message', 'Development Mode', {
            description: 'Using simulated login flow for development',
          });
          pageNavigation.replace(returnTo ?? paths.dashboard.getHref());
        },
        () => {
          setProcessing(false);
          toast.error('Authentication Error', {
            description: 'There was an error processing your login. Please try again.',
          });
        },
      );
    }, DEV_LOGIN_DELAY_MS);
  };

  const google = config?.signIn.google === true;
  const development = config?.signIn.development === true;
  const showBusy = processing || busy || authenticating;
  return (
    <>
      <Button
        size="lg"
        variant="outline"
        className="w-full border-slate-300 text-slate-900"
        onClick={google ? signInWithGoogle : signInForDevelopment}
        disabled={showBusy || !(google || development)}
        aria-busy={showBusy}
      >
        {showBusy ? <Spinner className="size-5" /> : <GoogleMark className="size-5" />}
        {authenticating ? 'Authenticating...' : showBusy ? 'Signing in...' : 'Sign in with Google'}
      </Button>
      {google && development ? (
        <Button
          variant="link"
          size="sm"
          className="mt-2 text-slate-600"
          onClick={signInForDevelopment}
          disabled={showBusy}
        >
          Use development sign-in
        </Button>
      ) : null}
    </>
  );
}
