import type { GoogleCallbackBody, GoogleCallbackResponse } from '@shared/google-sign-in-api';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { pageNavigation } from '@/lib/page-navigation';
import { toast } from '@/lib/toasts';
import { exchangeGoogleCode } from '../api/google-sign-in';
import { writeCachedUser } from '../utils/user-cache';

/** docs/product.md#constants: after a successful sign-in the dashboard opens 500 ms later. */
export const REDIRECT_AFTER_LOGIN_MS = 500;

/** The login screen's states (docs/product.md#sign-in). */
export type LoginPhase = 'idle' | 'processing' | 'success' | 'failure';

/** One toast id for the login callback, so that an effect run twice (strict mode) shows one toast. */
const TOAST_ID = 'google-sign-in';

/** The destructive toasts of docs/product.md#exact-texts the login callback shows (login screen variants), exactly as worded there. */
export const LOGIN_TOASTS = {
  google: { title: 'Authentication Error', description: 'There was a problem with Google authentication.' },
  format: { title: 'Authentication Error', description: 'Unrecognized authentication response format.' },
  data: { title: 'Authentication Error', description: 'Failed to process authentication data.' },
  noUser: { title: 'Login Failed', description: 'Could not retrieve user information. Please try again.' },
  processing: {
    title: 'Authentication Error',
    description: 'There was an error processing your login. Please try again.',
  },
} as const;

type AuthorizationResponse =
  | { kind: 'none' }
  | { kind: 'code'; body: GoogleCallbackBody }
  | { kind: 'error'; toast: (typeof LOGIN_TOASTS)['google' | 'format'] };

/** Reads what the provider put into the address (`/login?code=…&state=…`, or `?error=…`). */
function readAuthorizationResponse(search: string): AuthorizationResponse {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss');
  if (params.has('error')) return { kind: 'error', toast: LOGIN_TOASTS.google };
  if (code === null) return { kind: 'none' };
  if (code === '' || state === null || state === '') return { kind: 'error', toast: LOGIN_TOASTS.format };
  return { kind: 'code', body: { code, state, ...(iss === null ? {} : { iss }) } };
}

/**
 * One exchange per code for the page's lifetime: React's strict mode runs effects twice, and a code can be used only
 * once (docs/product.md#pages: "exchanges it exactly once"). A second run attaches to the first run's request.
 */
const exchanges = new Map<string, Promise<GoogleCallbackResponse>>();

/**
 * The login callback of the login screen (docs/product.md#sign-in): when the address carries a code,
 * exchanges it exactly once, clears the query string at once (`history.replaceState`), and on success stores the user
 * (utils/user-cache.ts) and loads the return path (the dashboard, another document: docs/decisions/012) after
 * {@link REDIRECT_AFTER_LOGIN_MS}, replacing the login page in the history. Failures show docs/product.md#exact-texts's destructive
 * toasts: a refusal of the account (403) shows the server's message, which names the domain to use, and keeps it as
 * `refusal` for the screen; a rate limit (429) shows the processing toast and keeps the server's message, which says
 * how long to wait, as `refusal`; a provider error in the address (`?error=access_denied`) shows 'There was a problem with
 * Google authentication.'. Uses no router: the login page is its own document without one.
 * @returns the screen's phase, the refusal message (or null), and whether the address carried a code at all (then
 *   the screen need not ask who is signed in: the exchange decides)
 */
export function useGoogleCallback(): { phase: LoginPhase; refusal: string | null; hasCode: boolean } {
  const [response] = useState(() => readAuthorizationResponse(window.location.search));
  const [phase, setPhase] = useState<LoginPhase>(response.kind === 'code' ? 'processing' : 'idle');
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (response.kind === 'none') return;
    // The code must not stay in the address (history, bookmarks, a reload would use it again).
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
    if (response.kind === 'error') {
      toast.error(response.toast.title, { id: TOAST_ID, description: response.toast.description });
      return;
    }

    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let exchange = exchanges.get(response.body.code);
    if (!exchange) {
      exchange = exchangeGoogleCode(response.body);
      exchanges.set(response.body.code, exchange);
    }
    exchange.then(
      ({ user, returnTo }) => {
        if (!active) return;
        writeCachedUser(user);
        setPhase('success');
        timer = setTimeout(() => pageNavigation.replace(returnTo), REDIRECT_AFTER_LOGIN_MS);
      },
      (error: unknown) => {
        if (!active) return;
        setPhase('failure');
        if (isApiError(error) && error.status === 403) {
          setRefusal(error.message);
          toast.error(LOGIN_TOASTS.noUser.title, { id: TOAST_ID, description: error.message });
          return;
        }
        if (isApiError(error) && error.status === 429) {
          // Too many sign-ins from this network: the processing toast, and on the screen how long to wait (the server says).
          setRefusal(error.message);
          toast.error(LOGIN_TOASTS.processing.title, {
            id: TOAST_ID,
            description: LOGIN_TOASTS.processing.description,
          });
          return;
        }
        // A 2xx answer that cannot be read at all: 'Failed to process authentication data.'; one without user data:
        // the product rule "a profile response with no user data gives 'Login Failed'".
        const succeeded = isApiError(error) && error.status >= 200 && error.status < 300;
        const shown = !succeeded
          ? LOGIN_TOASTS.processing
          : error.unexplained === 'not-json'
            ? LOGIN_TOASTS.data
            : LOGIN_TOASTS.noUser;
        toast.error(shown.title, { id: TOAST_ID, description: shown.description });
      },
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [response]);

  return { phase, refusal, hasCode: response.kind === 'code' };
}
