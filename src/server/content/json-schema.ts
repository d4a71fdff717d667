/**
 * The JSON Schema of a role file (`content/role-configuration.schema.json`), drawn from the shared zod schema so
 * editors can offer completion and checks while writing YAML (docs/operations.md#content-changes).
 * `npm run content:schema` writes it; `npm run content:check` only compares it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { roleConfigurationSchema } from '../../shared/content-schema.js';

/** File name of the JSON Schema inside a content folder. */
export const JSON_SCHEMA_FILE = 'role-configuration.schema.json';

/**
 * The JSON Schema text as it is written to disk (two-space indented JSON and a final newline).
 * @returns the text; the same for the same shared zod schema.
 */
export function roleConfigurationJsonSchemaText(): string {
  return `${JSON.stringify(z.toJSONSchema(roleConfigurationSchema, { io: 'input' }), null, 2)}\n`;
}

/**
 * How the JSON Schema file in a content folder compares with the current schema.
 * @param contentDir absolute path of the content folder.
 * @returns `current`, `outdated` (present, different text) or `missing`.
 */
export function jsonSchemaStatus(contentDir: string): 'current' | 'outdated' | 'missing' {
  const file = path.join(contentDir, JSON_SCHEMA_FILE);
  if (!existsSync(file)) return 'missing';
  return readFileSync(file, 'utf8') === roleConfigurationJsonSchemaText() ? 'current' : 'outdated';
}

/**
 * Writes the JSON Schema into a content folder when it is missing or different (an unchanged file keeps its timestamp).
 * @param contentDir absolute path of the content folder (must exist).
 * @returns the path written or left, and whether it was written.
 */
export function writeJsonSchema(contentDir: string): { file: string; written: boolean } {
  const file = path.join(contentDir, JSON_SCHEMA_FILE);
  const written = jsonSchemaStatus(contentDir) !== 'current';
  if (written) writeFileSync(file, roleConfigurationJsonSchemaText());
  return { file, written };
}
