import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A source file stays small enough to read in one sitting (docs/architecture.md#source-layout): at most
 * {@link MAX_LINES} lines, or it says at its top why it is longer, in a comment line starting with
 * "Longer than 500 lines:". Tests are exempt (a table of cases may be long).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The most lines a source file has without a written reason. */
export const MAX_LINES = 500;

/** Where the reason stands: one of the file's first lines. */
const REASON = /^\s*(?:\/\/|\*|\/\*\*?)\s*Longer than 500 lines: \S/mu;

/** Every source file (TypeScript, TSX, ES modules) below a folder, tests and type declarations left out. */
function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') out.push(...sourceFiles(full));
    } else if (/\.(?:ts|tsx|mjs)$/u.test(name) && !/\.(?:test|spec)\.|\.d\.ts$/u.test(name)) out.push(full);
  }
  return out;
}

describe('source file size', () => {
  it(`every source file has at most ${MAX_LINES} lines, or says at its top why it has more`, () => {
    const files = ['src', 'scripts', 'bench'].flatMap((folder) => sourceFiles(path.join(root, folder)));
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => text.split('\n').length > MAX_LINES + 1)
      .filter(({ text }) => !REASON.test(text.split('\n').slice(0, 40).join('\n')))
      .map(({ file, text }) => `${file} (${text.split('\n').length - 1} lines)`);
    expect(tooLong).toEqual([]);
  });
});
