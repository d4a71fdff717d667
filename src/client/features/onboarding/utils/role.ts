import { ensureContrast } from '@shared/colors';

/** docs/product.md#dashboard: the role 'account' (any case) gets a notice instead of steps. */
export function isAccountRole(role: string): boolean {
  return role.trim().toLowerCase() === 'account';
}

/** A role colour usable for accents (bars, borders, icons) on white: at least 3:1 (WCAG 1.4.11). */
export function roleAccentColor(baseColor: string): string {
  return ensureContrast(baseColor, '#ffffff', 3);
}

/**
 * A role colour usable for text on our white and near-white (slate-50) surfaces, and as a background under white
 * text: at least 4.5:1 against slate-50, so more against white.
 */
export function roleTextColor(baseColor: string): string {
  return ensureContrast(baseColor, '#f8fafc', 4.5);
}
