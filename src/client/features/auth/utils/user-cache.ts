import type { User } from '@shared/api';
import { isUser } from '@/lib/decoders';

/**
 * The public profile cached in the browser for an instant first paint (docs/product.md#browser-storage). The server
 * decides who is signed in (docs/architecture.md#sessions); this copy is only a hint and never holds a token.
 */
export const USER_STORAGE_KEY = 'onboarding_user';

export function readCachedUser(): User | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    if (isUser(user)) return user;
  } catch {
    // Not JSON: removed below.
  }
  console.warn('Failed to parse user data');
  localStorage.removeItem(USER_STORAGE_KEY);
  return null;
}

export function writeCachedUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    console.warn('Failed to save user data');
  }
}
