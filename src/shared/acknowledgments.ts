import type { Step } from './content-schema.js';

/** The step fields that say whether and how a step is acknowledged. */
export type AcknowledgedStep = Pick<
  Step,
  'isAcknowledgmentStep' | 'requiresScrollOrDownload' | 'signature' | 'version' | 'renewEveryDays'
>;

/** Most characters of a typed full name (a signature). */
export const SIGNED_NAME_MAX_LENGTH = 200;

/** The answer to a typed name with a control or text-direction (bidi) character in it. */
export const SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE =
  'Your name contains a hidden character (a control or text-direction character, often copied along with text). Please type your name instead of pasting it.';
/** The answer to a typed name with no visible letter (only spaces, marks, digits or invisible characters). */
export const SIGNED_NAME_NO_LETTERS_MESSAGE = 'Type your full name in letters to sign.';

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, every format character (`\p{Cf}`: the bidirectional
 * ones — LRM, RLM, ALM, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069 — and the zero-width
 * space, non-joiner and joiner, the word joiner, U+FEFF, the soft hyphen, tags …) and every other character Unicode
 * says to show as nothing (`\p{Default_Ignorable_Code_Point}`: the Hangul fillers, variation selectors, the grapheme
 * joiner): none is seen, so two signatures that look the same could be stored differently, and the bidi ones can make
 * a signature read differently from what was stored (Unicode UAX #9; "Trojan Source").
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
/**
 * A letter that is seen: any Unicode letter except the default-ignorable ones (e.g. the Hangul fillers U+3164 and
 * U+FFA0, which are letters that print nothing).
 */
const VISIBLE_LETTER = /(?!\p{Default_Ignorable_Code_Point})\p{L}/u;

/**
 * What is wrong with a typed full name as a signature (docs/product.md#signed-acknowledgments), beyond its length: a signature
 * must be readable as typed, so it needs at least one visible letter (`\p{L}` that is not default-ignorable), and it
 * may hold no control character and no invisible one (format characters such as the bidi controls and the zero-width
 * joiners, and every default-ignorable character), all refused with one message. Combining marks are allowed beside
 * letters (scripts and names need them), never alone. The shared signature body schema
 * (acknowledgments-api.ts) and the signature dialog both use this rule, so they agree.
 * @param name the name as typed (trimmed or not)
 * @returns the message to show ({@link SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE} or
 *   {@link SIGNED_NAME_NO_LETTERS_MESSAGE}), or null when the name is acceptable
 */
export function signedNameProblem(name: string): string | null {
  if (HIDDEN_CHARACTER.test(name)) return SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE;
  if (!VISIBLE_LETTER.test(name)) return SIGNED_NAME_NO_LETTERS_MESSAGE;
  return null;
}

/**
 * Whether completing a step is a record the organisation keeps (who agreed to which content, when): an
 * acknowledgment step, a step that asks the member to read a document, or a step that asks for a signature.
 */
export function needsAcknowledgment(step: AcknowledgedStep): boolean {
  return step.isAcknowledgmentStep || step.requiresScrollOrDownload || step.signature === true;
}

/**
 * What a person agrees to when they sign a step (docs/product.md#signed-acknowledgments): "Sign the Volunteer
 * Agreement" → "the Volunteer Agreement"; any other title is quoted as it is.
 * @param title the step's title
 */
export function agreementName(title: string): string {
  const signed = /^sign\s+(?:the\s+)?(.+)$/i.exec(title.trim());
  return signed?.[1] ? `the ${signed[1]}` : `“${title.trim()}”`;
}

/**
 * The sentence a person ticks to sign a step, and that their receipt quotes word for word
 * (docs/product.md#signed-acknowledgments): "I have read and agree to the Volunteer Agreement."
 * @param title the step's title (see {@link agreementName})
 */
export function agreementSentence(title: string): string {
  return `I have read and agree to ${agreementName(title)}.`;
}

/** The content version of a step members agree to (the role configuration's `version`, default 1). */
export function stepVersion(step: Pick<Step, 'version'>): number {
  return step.version ?? 1;
}

/** Why an earlier agreement to a step no longer counts: the content changed, or the agreement lapsed. */
export type AgreementDue = 'changed' | 'renew';

/**
 * Whether a member's latest agreement to a step still counts.
 * @param step the step as the content has it now (`version`, `renewEveryDays`)
 * @param agreed the latest agreement: the version agreed to and when (`at`)
 * @param now the current time
 * @returns null when it still counts; 'changed' when it was to an older version; 'renew' when more than
 *   `renewEveryDays` days have passed since
 */
export function agreementDue(
  step: Pick<Step, 'version' | 'renewEveryDays'>,
  agreed: { version: number; at: Date },
  now: Date,
): AgreementDue | null {
  if (agreed.version < stepVersion(step)) return 'changed';
  if (step.renewEveryDays !== undefined && now.getTime() - agreed.at.getTime() >= step.renewEveryDays * 86_400_000) {
    return 'renew';
  }
  return null;
}
