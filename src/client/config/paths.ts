/**
 * Every client route and the API/asset addresses the client uses, in one place (docs/architecture.md#code-conventions).
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  dashboard: { path: '/dashboard/*', getHref: () => '/dashboard' },
  demo: { path: '/test', getHref: () => '/test' },
  /** The admin console (docs/product.md#admin-area): members table, import, audit log. */
  admin: { path: '/admin', getHref: () => '/admin' },
  adminMember: {
    path: '/admin/members/:email',
    getHref: (email: string) => `/admin/members/${encodeURIComponent(email)}`,
  },
} as const;

export const apiPaths = {
  config: '/api/config',
  me: '/api/me',
  devLogin: '/api/auth/dev-login',
  logout: '/api/auth/logout',
  googleStart: '/api/auth/google/start',
  onboarding: '/api/onboarding',
  stepProgress: (stepId: string) => `/api/progress/steps/${encodeURIComponent(stepId)}`,
  stepItem: (stepId: string, itemId: string) =>
    `/api/progress/steps/${encodeURIComponent(stepId)}/items/${encodeURIComponent(itemId)}`,
  demo: '/api/demo',
  /** A shared-password step's password (docs/product.md#shared-passwords); the URL carries the step id only. */
  secret: (stepId: string) => `/api/secrets/${encodeURIComponent(stepId)}`,
  adminMembers: '/api/admin/members',
  adminMembersCsv: '/api/admin/members.csv',
  adminMember: (email: string) => `/api/admin/members/${encodeURIComponent(email)}`,
  adminRoles: '/api/admin/roles',
  adminImportPreview: '/api/admin/import/preview',
  adminImport: '/api/admin/import',
  adminAudit: '/api/admin/audit',
} as const;

export const assetPaths = {
  logo: '/content/logo.svg',
} as const;
