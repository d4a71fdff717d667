import { expect, type Page } from '@playwright/test';
import { visibleText } from './visible-text';

/**
 * The admin's screens speak to people, not operators (docs/product.md#admin-area): outside "Advanced" and "Details for
 * whoever runs the server", no page shows an id, a file path or a variable name. Checked over the text a person sees.
 */

/** What an operator's word looks like, with what it is called in a failure. */
const OPERATOR_WORDS: readonly [RegExp, string][] = [
  [/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/u, 'a variable name'],
  [/(?:^|\s)(?:\.{0,2}\/)?(?:[\w.-]+\/)+[\w-]+\.(?:md|ts|tsx|js|mjs|json|yaml|yml|env|sql|tar|gz)\b/u, 'a file path'],
  [/\bnpm run\b|\bnpx\b/u, 'a command'],
  [/\b[a-z]+[A-Z][A-Za-z]*\b/u, 'a name from the code'],
  [/\b[a-z0-9]+(?:-[a-z0-9]+){2,}\b/u, 'an id'],
];

/** How the name of a file the code knows ends (a folder does not). */
const FILE_ENDING = /\.(?:md|ts|tsx|js|mjs|json|yaml|yml|env|sql|tar|gz)\b/u;

/** Words of the product that look like ids but are plain English. */
const PLAIN = /\b(?:16-year-old|step-by-step|up-to-date|one-to-one|face-to-face|day-to-day|sign-in|e-mail)\b/giu;

/**
 * Fails when the visible text of the page, outside the two disclosures for technical readers, holds an operator's word.
 * @param page the page, on the screen to check
 * @param where the screen's name for the failure message
 */
export async function expectPlainWords(page: Page, where: string): Promise<void> {
  const text = await visibleText(page, { inputs: true });
  const lines = text
    .split('\n')
    .map((line) =>
      line
        // Addresses are people's, not operators' words; a folder the server was given (where backups are copied) is
        // the admin's own, shown as it was set: its name may be anything (a test's is random, e.g. "e2e-sRswag").
        .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu, ' ')
        .replace(/(?:^|(?<=\s))\/[^\s]+\/[^\s]*/gu, (folder) => (FILE_ENDING.test(folder) ? folder : ' '))
        .replace(/https?:\/\/\S+/gu, ' ')
        .replace(PLAIN, ' '),
    )
    .filter((line) => line.trim() !== '');
  const found = lines.flatMap((line) =>
    OPERATOR_WORDS.filter(([pattern]) => pattern.test(line)).map(
      ([pattern, what]) => `${what}: “${line.trim()}” (${String(pattern)})`,
    ),
  );
  expect(found, `operator's words on ${where}`).toEqual([]);
}
