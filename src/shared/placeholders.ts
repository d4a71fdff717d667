/**
 * Placeholders in content (docs/product.md#placeholders): texts an organisation must still fill in before launch, marked
 * in the text itself so that the app never pretends — a guessed name or mailbox is never shown as if it were real.
 */

/**
 * The words that mark a text as a placeholder, e.g. "Director of Finance — name to be added" or "E-mail address to be
 * confirmed.".
 */
export const PLACEHOLDER_MARK = /\bto be (?:added|confirmed)\b/iu;

/** The sentence of a contact's bio saying that the contact's e-mail address is a guess (docs/product.md#placeholders). */
export const UNCONFIRMED_EMAIL_SENTENCE = /\s*\bE-?mail address to be confirmed\.?/iu;

/**
 * Whether `text` is, or contains, a placeholder ({@link PLACEHOLDER_MARK}).
 * @param text any content text; undefined counts as no placeholder
 */
export function isPlaceholder(text: string | undefined): boolean {
  return text !== undefined && PLACEHOLDER_MARK.test(text);
}
