import type { AppConfig } from '@shared/api';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiPaths, paths } from '@/config/paths';
import { useDevLogin } from '../api/dev-login';
import { GoogleMark } from './google-mark';

/** SPEC §9: the simulated development sign-in waits 800 ms. */
export const DEV_LOGIN_DELAY_MS = 800;
/** SPEC §3: cleared on development sign-in. */
const LEGACY_PROGRESS_KEY = 'completed_steps';

interface SignInButtonProps {
  /** Undefined while the settings load; the button waits for them. */
  config: AppConfig | undefined;
  /** True while the current session is being checked. */
  checkingSession: boolean;
}

/**
 * 'Sign in with Google' (SPEC §2 Login screen, §4 Login flow). With development sign-in on, it runs the simulated
 * sign-in; otherwise it hands the browser to the server's Google sign-in.
 */
export function SignInButton({ config, checkingSession }: SignInButtonProps) {
  const navigate = useNavigate();
  const devLogin = useDevLogin();
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const signIn = () => {
    if (!config) return;
    if (!config.signIn.development) {
      setProcessing(true);
      window.location.assign(apiPaths.googleStart);
      return;
    }
    setProcessing(true);
    timer.current = setTimeout(() => {
      devLogin.mutate(
        {},
        {
          onSuccess: () => {
            try {
              localStorage.removeItem(LEGACY_PROGRESS_KEY);
            } catch {
              // Storage may be off (private mode); nothing was stored there either.
            }
            toast('Development Mode', { description: 'Using simulated login flow for development' });
            void navigate(paths.dashboard.getHref(), { replace: true });
          },
          onError: () => {
            setProcessing(false);
            toast.error('Authentication Error', {
              description: 'There was an error processing your login. Please try again.',
            });
          },
        },
      );
    }, DEV_LOGIN_DELAY_MS);
  };

  const busy = processing || checkingSession;
  return (
    <Button
      size="lg"
      variant="outline"
      className="w-full border-slate-300 text-slate-900"
      onClick={signIn}
      disabled={busy || !config}
      aria-busy={busy}
    >
      {busy ? <Spinner className="size-5" /> : <GoogleMark className="size-5" />}
      {busy ? 'Signing in...' : 'Sign in with Google'}
    </Button>
  );
}
