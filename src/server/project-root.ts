import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds the project directory: the nearest directory holding `package.json`, walking up from `from`.
 * Works from `src/server/…` under tsx and from `dist/node/server/…` once compiled.
 * @param from a file URL (default: this module's URL)
 * @returns the absolute path of the project directory
 * @throws Error when no `package.json` is found up to the file-system root
 */
export function findProjectRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json found above ${fileURLToPath(from)}`);
    dir = parent;
  }
}

/** The absolute path of the project directory (where package.json, content/ and dist/ live). */
export const projectRoot = findProjectRoot();
