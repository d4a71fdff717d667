import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, StrictMode, useLayoutEffect } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { pageNavigation } from '@/lib/page-navigation';
import { createQueryClient } from '@/lib/react-query';
import type { RoleContent } from '@shared/api';
import { testConfig, testOnboarding, testUser } from './fixtures';
import { isOnboardingView, onboardingAnswers } from './onboarding-answers';

/** What a stubbed endpoint answers: a Response, or a function of the request returning one (or a promise of one). */
export type Handler =
  Response | ((request: { url: string; method: string; body: unknown }) => Response | Promise<Response>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, message: string, error = 'Error'): Response {
  return json({ statusCode: status, error, message }, status);
}

/** Default answers of a signed-in volunteer with no progress; override per test as `'METHOD /path'`. */
export function defaultHandlers(): Record<string, Handler> {
  return {
    'GET /api/config': () => json(testConfig),
    'GET /api/me': () => json({ user: testUser }),
    'GET /api/onboarding': () => json(testOnboarding()),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  };
}

/**
 * The answer of a handler of GET /api/onboarding as the server sends it: an onboarding written as the dashboard shows it
 * (test/onboarding-answers.ts) becomes the member's answer, and its role content is kept in `contents` by its address.
 */
async function asServerSends(response: Response, contents: Map<string, RoleContent>): Promise<Response> {
  if (!response.ok) return response;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return response; // not JSON: as it is (the page must say it cannot read it)
  }
  if (!isOnboardingView(body)) return response;
  const { answer, path, content } = onboardingAnswers(body);
  contents.set(path, content);
  return json(answer, response.status);
}

/**
 * Replaces `fetch`, the network boundary, with the given handlers; unknown calls answer 404 like the server would. An
 * onboarding answered as the dashboard shows it is sent as the server sends it, and its role content is answered at
 * the address it names (unless a handler answers that address).
 * @returns the mock, to inspect the calls made
 */
export function stubNetwork(handlers: Record<string, Handler>) {
  const contents = new Map<string, RoleContent>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`];
    const content = method === 'GET' ? contents.get(url.pathname) : undefined;
    if (!handler && content !== undefined) return json(content);
    if (!handler) return apiError(404, `Route ${method}:${url.pathname} not found`, 'Not Found');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const response = typeof handler === 'function' ? await handler({ url: url.pathname, method, body }) : handler;
    return method === 'GET' && url.pathname === '/api/onboarding' ? asServerSends(response, contents) : response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Hands every location the router shows to `onLocation`, once it is on screen (render it inside the router). */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onLocation(location);
  }, [location, onLocation]);
  return null;
}

/**
 * Renders the whole app at `path` with the app's own routes (`<AppRoutes />` in a `<MemoryRouter>`), providers and
 * query client, over a stubbed network. jsdom cannot load another document: the full page loads
 * (`pageNavigation.replace`, e.g. to the login page) are recorded in `pageLoads` instead.
 * @param path the address to open, with its query if any
 * @param handlers answers that replace or add to {@link defaultHandlers}
 * @param options `strictMode` renders inside `<StrictMode>`, as main.tsx does (effects run twice)
 * @returns `currentLocation()`, the location on screen (updated once a navigation has rendered, i.e. after a lazy
 *   page's chunk is loaded), with the query client, the fetch mock, a user-event instance and `pageLoads`
 */
export function renderApp(
  path: string,
  handlers: Record<string, Handler> = {},
  options: { strictMode?: boolean } = {},
) {
  const fetchMock = stubNetwork({ ...defaultHandlers(), ...handlers });
  const pageLoads = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
  const queryClient = createQueryClient();
  // Tests see the first failure at once instead of waiting for back-off retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  let location: Location | undefined;
  const currentLocation = (): Location => {
    if (!location) throw new Error('The app has not rendered yet.');
    return location;
  };
  const user = userEvent.setup();
  const app = (
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe
          onLocation={(next) => {
            location = next;
          }}
        />
      </MemoryRouter>
    </AppProvider>
  );
  render(options.strictMode ? <StrictMode>{app}</StrictMode> : app);
  return { currentLocation, queryClient, fetchMock, user, pageLoads };
}

/**
 * Renders one card of the insights page (features/insights) as the page does, in a router and a fresh query client,
 * over a network where `GET <path>` answers `answer` (docs/product.md#admin-area).
 * @param card the card's element, with its filters
 * @param path the figures' API path, e.g. '/api/admin/insights/quizzes'
 * @param answer what the server sends for it
 * @returns the fetch mock, to inspect the calls made
 */
export function renderInsightCard(card: ReactElement, path: string, answer: unknown) {
  const fetchMock = stubNetwork({ [`GET ${path}`]: () => json(answer) });
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>{card}</QueryClientProvider>
    </MemoryRouter>,
  );
  return fetchMock;
}

/**
 * Renders one insights card ({@link renderInsightCard}), waits for its region and checks that the card asked for its
 * figures at `path` with its filters' query.
 * @param card the card's element, with its filters
 * @param asked `path`: the figures' API path; `query`: the query its filters make (e.g. 'role=volunteer'); `name`: the
 *   card's region name (its heading)
 * @param answer what the server sends for it
 * @returns the card's region
 */
export async function showInsightCard(
  card: ReactElement,
  asked: { path: string; query: string; name: string },
  answer: unknown,
): Promise<HTMLElement> {
  const fetchMock = renderInsightCard(card, asked.path, answer);
  const region = await screen.findByRole('region', { name: asked.name });
  await waitFor(() => expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${asked.path}?${asked.query}`));
  return region;
}

/** Stubs `matchMedia` so `(max-width: …)` queries match as on a phone (true) or a computer (false). */
export function setMobileViewport(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
