/**
 * A member's reading and display preferences (docs/product.md#reading-and-display): what they are, their defaults,
 * and how a page shows them, as attributes of its `<html>` element that the style sheet reads
 * (src/client/styles/index.css). Pure and free of zod, so the browser's code can use it; the API's schema is
 * src/shared/preferences-api.ts.
 */

/** The text sizes a member can choose, in percent of the browser's own size. */
export const TEXT_SIZES = [100, 125, 150, 175, 200] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/** 'system' follows `prefers-color-scheme` and `prefers-contrast` until the member chooses. */
export const THEMES = ['system', 'light', 'dark', 'contrast'] as const;
export type Theme = (typeof THEMES)[number];

/** 'system' follows `prefers-reduced-motion`; 'reduced' turns motion off, 'full' on, whatever the system says. */
export const MOTIONS = ['system', 'reduced', 'full'] as const;
export type Motion = (typeof MOTIONS)[number];

/** 'legible' is Atkinson Hyperlegible, loaded only when chosen. */
export const FONTS = ['standard', 'legible'] as const;
export type Font = (typeof FONTS)[number];

/** One member's preferences. */
export interface Preferences {
  /** Text size in percent (100–200). */
  textSize: TextSize;
  /** The text spacing of WCAG 1.4.12 (line height 1.5, paragraphs 2×, letters 0.12 em, words 0.16 em) when true. */
  spacing: boolean;
  font: Font;
  theme: Theme;
  motion: Motion;
  /** Only the current step is shown, with 'Previous step' and 'Next step' to move between them. */
  oneStepAtATime: boolean;
  /** A step's easy-read version (short sentences, with pictures) in place of its standard text, where it has one. */
  easyRead: boolean;
}

/** What a member has before choosing anything: the browser's size and font, the system's theme and motion. */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  textSize: 100,
  spacing: false,
  font: 'standard',
  theme: 'system',
  motion: 'system',
  oneStepAtATime: false,
  easyRead: false,
});

/**
 * The `<html>` attributes that show `preferences` (read by src/client/styles/index.css; the server writes them into
 * the documents it sends, src/server/plugins/document-answers.ts, and the browser sets them when they change).
 * @param preferences the member's preferences
 * @returns attribute name → value, always all seven
 */
export function preferenceAttributes(preferences: Preferences): Record<string, string> {
  return {
    'data-text-size': String(preferences.textSize),
    'data-spacing': preferences.spacing ? 'wide' : 'standard',
    'data-font': preferences.font,
    'data-theme': preferences.theme,
    'data-motion': preferences.motion,
    'data-steps': preferences.oneStepAtATime ? 'one' : 'all',
    'data-reading': preferences.easyRead ? 'easy' : 'standard',
  };
}

const oneOf = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  values.includes(value as T);

/**
 * Preferences read from somewhere that may hold anything (the browser's storage, an old answer): each field that is
 * one of its allowed values is kept, every other field takes its default.
 * @param value anything
 * @returns complete preferences
 */
export function preferencesFrom(value: unknown): Preferences {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    textSize: oneOf(TEXT_SIZES, record.textSize) ? record.textSize : DEFAULT_PREFERENCES.textSize,
    spacing: typeof record.spacing === 'boolean' ? record.spacing : DEFAULT_PREFERENCES.spacing,
    font: oneOf(FONTS, record.font) ? record.font : DEFAULT_PREFERENCES.font,
    theme: oneOf(THEMES, record.theme) ? record.theme : DEFAULT_PREFERENCES.theme,
    motion: oneOf(MOTIONS, record.motion) ? record.motion : DEFAULT_PREFERENCES.motion,
    oneStepAtATime:
      typeof record.oneStepAtATime === 'boolean' ? record.oneStepAtATime : DEFAULT_PREFERENCES.oneStepAtATime,
    easyRead: typeof record.easyRead === 'boolean' ? record.easyRead : DEFAULT_PREFERENCES.easyRead,
  };
}

/** The API's address of the signed-in member's preferences (GET and PUT; src/shared/preferences-api.ts). */
export const PREFERENCES_PATH = '/api/me/preferences';

/** Where the pre-boarding page saves them (docs/product.md#pre-boarding): the newcomer's until their first sign-in. */
export const PREBOARDING_PREFERENCES_PATH = '/api/preboarding/preferences';
