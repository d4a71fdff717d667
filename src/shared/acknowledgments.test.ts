import { describe, expect, it } from 'vitest';
import { signStepBodySchema } from './acknowledgments-api.js';
import {
  SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE,
  SIGNED_NAME_NO_LETTERS_MESSAGE,
  signedNameProblem,
} from './acknowledgments.js';

describe('a typed signature name (signedNameProblem, the signature body schema)', () => {
  it.each([
    ['Sam Lee'],
    ['José Ñúñez-García'],
    ["Siobhán O'Brien"],
    ['Ζωή Παπαδοπούλου'],
    ['Анна Петрова'],
    ['محمد علی'], // right to left by itself, no bidi control needed
    ['میخواهم'], // Persian typed without the zero-width non-joiner (invisible characters are refused)
    ['क्षत्रिय'], // Devanagari: letters with combining marks
    ['李小龍'],
    ['e\u0301mile'], // a combining accent on a letter
    ['Sam Lee 3rd'],
  ])('accepts %s', (name) => {
    expect(signedNameProblem(name)).toBeNull();
    expect(signStepBodySchema.safeParse({ name, agree: true, version: 1 }).success).toBe(true);
  });

  it.each([
    ['\u0301\u0308\u0336', 'combining marks only'],
    ['123 - .', 'no letter'],
    ['🙂🙂', 'emoji only'],
  ])('refuses %j (%s): no visible letter', (name) => {
    expect(signedNameProblem(name)).toBe(SIGNED_NAME_NO_LETTERS_MESSAGE);
    const parsed = signStepBodySchema.safeParse({ name, agree: true, version: 1 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(SIGNED_NAME_NO_LETTERS_MESSAGE);
  });

  it.each([
    ['\u202E\u202D', 'overrides only'],
    ['Sam \u202Eeel', 'a right-to-left override in a name'],
    ['\u2067Sam\u2069', 'an isolate'],
    ['Sam\u200FLee', 'a right-to-left mark'],
    ['Sam\u061CLee', 'an Arabic letter mark'],
    ['Sam\u0000Lee', 'a NUL'],
    ['Sam\tLee', 'a tab'],
    ['Sam\u0085Lee', 'a C1 control'],
    ['Sam\u2028Lee', 'a line separator'],
    ['\u200B\u200C\u200D\u2060\uFEFF', 'zero-width characters only'],
    ['Sam\u200BLee', 'a zero-width space'],
    ['می\u200Cخواهم', 'a zero-width non-joiner between letters'],
    ['Sam\u200DLee', 'a zero-width joiner'],
    ['Sam\uFEFFLee', 'a byte order mark between letters'],
    ['\u3164 \uFFA0', 'Hangul fillers (letters that print nothing)'],
    ['Sam\u3164Lee', 'a Hangul filler between letters'],
    ['\u00AD\u034F', 'a soft hyphen and a grapheme joiner'],
    ['Sam Lee\u{E0041}', 'a tag character'],
  ])('refuses %j (%s): a hidden character', (name) => {
    expect(signedNameProblem(name)).toBe(SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE);
    expect(signStepBodySchema.safeParse({ name, agree: true, version: 1 }).error?.issues[0]?.message).toBe(
      SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE,
    );
  });

  it('refuses every invisible character (each format and default-ignorable code point) with the hidden-character message', () => {
    const invisible = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
    const codePoints: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += 1) {
      if ((cp < 0xd800 || cp > 0xdfff) && invisible.test(String.fromCodePoint(cp))) codePoints.push(cp);
    }
    // Unicode 15: 170 format characters and the default-ignorable ones beside them (tags, variation selectors, …).
    expect(codePoints.length).toBeGreaterThan(4000);
    const accepted = codePoints.filter((cp) => {
      const ch = String.fromCodePoint(cp);
      return [`Sam${ch}Lee`, `${ch}Sam Lee`, `Sam Lee${ch}`].some(
        (name) => signedNameProblem(name) !== SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE,
      );
    });
    expect(accepted.map((cp) => `U+${cp.toString(16).toUpperCase()}`)).toEqual([]);
  }, 30_000);

  it('keeps the empty-name message for an empty or blank name', () => {
    expect(
      signStepBodySchema.safeParse({ name: '  ', agree: true, version: 1 }).error?.issues.map((i) => i.message),
    ).toEqual(['Type your full name to sign.']);
  });
});
