import type { User } from '@shared/api';

/**
 * What the admin console shows a person (the server decides what they may do; this only hides what they may not):
 * 'admin' everything, 'lead' the members table and member pages of the departments they lead, read-only; null nothing.
 * @param user the signed-in user (`isAdmin`, `leadOf` from GET /api/me)
 */
export function adminViewOf(user: Pick<User, 'isAdmin' | 'leadOf'>): 'admin' | 'lead' | null {
  if (user.isAdmin === true) return 'admin';
  return (user.leadOf ?? []).some((d) => d.trim() !== '') ? 'lead' : null;
}
