/** Every client route and the API/asset addresses the client uses, in one place (STYLE.md: config/paths.ts). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  dashboard: { path: '/dashboard/*', getHref: () => '/dashboard' },
} as const;

export const apiPaths = {
  config: '/api/config',
  me: '/api/me',
  devLogin: '/api/auth/dev-login',
  logout: '/api/auth/logout',
  googleStart: '/api/auth/google/start',
  onboarding: '/api/onboarding',
  stepProgress: (stepId: string) => `/api/progress/steps/${encodeURIComponent(stepId)}`,
} as const;

export const assetPaths = {
  logo: '/content/logo.svg',
} as const;
