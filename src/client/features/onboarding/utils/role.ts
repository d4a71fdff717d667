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

/**
 * A role colour as text in every theme (docs/product.md#reading-and-display): `light-dark()` of its version for the
 * light surfaces ({@link roleTextColor}) and a lighter one, at least 4.5:1 against the dark theme's cards (slate-900);
 * the high-contrast theme replaces it with black (`data-role-color="text"`, src/client/styles/index.css).
 * @param baseColor a role colour, `#rrggbb`
 * @returns a CSS colour
 */
export function roleTextColorInThemes(baseColor: string): string {
  return `light-dark(${roleTextColor(baseColor)}, ${ensureContrast(baseColor, '#0f172b', 4.5)})`;
}
