import type { RoleConfiguration } from '../../shared/content-schema.js';
import { PLACEHOLDER_MARK } from '../../shared/placeholders.js';

export { PLACEHOLDER_MARK };

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
