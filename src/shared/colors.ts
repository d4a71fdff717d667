/**
 * Colour rules for role colours (docs/product.md#role-colours-and-labels: text is light on a base colour whose
 * luminance is under 0.5, dark otherwise; docs/product.md#accessibility: WCAG 2.2 AA contrast). Pure functions on
 * `#rrggbb` strings.
 */

import type { RoleColors } from './content-schema.js';

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111827';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: "${hex}"`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * WCAG relative luminance of a colour.
 * @param hex `#rrggbb` (the `#` is optional)
 * @returns 0 (black) to 1 (white)
 * @throws Error when `hex` is not a six-digit hex colour
 */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. @throws Error on a malformed colour */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The rule of docs/product.md#role-colours-and-labels: light text on a colour whose relative luminance is under 0.5,
 * dark text otherwise.
 */
export function textColorFor(background: string): typeof LIGHT_TEXT | typeof DARK_TEXT {
  return relativeLuminance(background) < 0.5 ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * Moves `color` towards black (when `against` is light) or white (when `against` is dark), in 5 % steps, until its
 * contrast with `against` reaches `minRatio`. Used for role colours on white and for badge backgrounds.
 * @returns the first colour that meets `minRatio` (the input itself when it already does)
 */
export function ensureContrast(color: string, against: string, minRatio: number): string {
  const target: Rgb = relativeLuminance(against) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const from = parseHex(color);
  for (let t = 0; t <= 1; t += 0.05) {
    const mixed = toHex(from.map((c, i) => c + (target[i]! - c) * t) as Rgb);
    if (contrastRatio(mixed, against) >= minRatio) return mixed;
  }
  return toHex(target);
}

/**
 * Colours of a role badge: the text colour follows the luminance rule; where that pairing falls short of
 * WCAG AA (4.5:1), the background is shaded until it passes, so the badge keeps the role's hue.
 * @param baseColor the role configuration's `colors.baseColor`, `#rrggbb`
 * @returns `{ background, text }`, both `#rrggbb`, with contrast ≥ 4.5:1
 */
export function roleBadgeColors(baseColor: string): { background: string; text: string } {
  const text = textColorFor(baseColor);
  return { background: ensureContrast(baseColor, text, 4.5), text };
}

/**
 * docs/product.md#role-colours-and-labels (fallback blue, volunteer green): base colour of a role without (valid)
 * colours.
 */
export const DEFAULT_ROLE_COLOR = '#1d4ed8';
/** docs/product.md#role-colours-and-labels: the fallback for the volunteer role, green. */
export const VOLUNTEER_ROLE_COLOR = '#15803d';

const isHexColor = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/**
 * A role's colours, or the fallback when it has none (docs/product.md#role-colours-and-labels: blue, green for
 * volunteer).
 * @param key the role key (compared trimmed and case-insensitively with 'volunteer')
 * @param colors the configuration's `colors`, if any; a missing or malformed `baseColor` means "none", and malformed
 *   optional colours are dropped
 * @returns `{ baseColor, secondaryColor?, gradientStartColor? }`, every value a `#rrggbb` string; with no valid base
 *   colour, `{ baseColor: '#15803d' }` for volunteer and `{ baseColor: '#1d4ed8' }` for any other key
 */
export function roleColorsOrFallback(
  key: string,
  colors?: { baseColor?: unknown; secondaryColor?: unknown; gradientStartColor?: unknown } | null,
): RoleColors {
  if (!colors || !isHexColor(colors.baseColor)) {
    return { baseColor: key.trim().toLowerCase() === 'volunteer' ? VOLUNTEER_ROLE_COLOR : DEFAULT_ROLE_COLOR };
  }
  return {
    baseColor: colors.baseColor,
    ...(isHexColor(colors.secondaryColor) ? { secondaryColor: colors.secondaryColor } : {}),
    ...(isHexColor(colors.gradientStartColor) ? { gradientStartColor: colors.gradientStartColor } : {}),
  };
}
