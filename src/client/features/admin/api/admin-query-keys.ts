/** Query keys of the admin console; every write invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  members: (query: string) => ['admin', 'members', query] as const,
  member: (email: string) => ['admin', 'member', email] as const,
  roles: ['admin', 'roles'] as const,
  departments: ['admin', 'departments'] as const,
  revealedSecrets: (email: string) => ['admin', 'revealed-secrets', email] as const,
  audit: (query: string) => ['admin', 'audit', query] as const,
};
