import type { RoleConfiguration } from '../../shared/content-schema.js';

/**
 * The words that mark a text as a placeholder an organisation must fill in before launch, e.g. "Director of Finance —
 * name to be added" or "E-mail address to be confirmed.". Content writers use them for anything not known yet, so
 * that the app never pretends (a guessed name or mailbox shown as if it were real).
 */
export const PLACEHOLDER_MARK = /\bto be (?:added|confirmed)\b/iu;

/** One placeholder: where it is (e.g. `scopes[0].steps[1].content.contacts[0].name`) and its text. */
export interface Placeholder {
  path: string;
  text: string;
}

function collect(value: unknown, at: string, found: Placeholder[]): void {
  if (typeof value === 'string') {
    if (PLACEHOLDER_MARK.test(value)) found.push({ path: at, text: value });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, `${at}[${i}]`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) collect(item, at === '' ? key : `${at}.${key}`, found);
  }
}

/**
 * Every text of a role configuration marked as a placeholder ({@link PLACEHOLDER_MARK}), in file order.
 * @param configuration a parsed role configuration
 * @returns the placeholders, empty when there are none
 */
export function findPlaceholders(configuration: RoleConfiguration): Placeholder[] {
  const found: Placeholder[] = [];
  collect(configuration, '', found);
  return found;
}
