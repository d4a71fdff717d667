/**
 * `npm run content:schema`: writes `role-configuration.schema.json` (the JSON Schema of a role file, for editor
 * completion) into the content folder (CONTENT_DIR, default `content/`), when it is missing or out of date
 * (docs/operations.md#content-changes). CONTENT_DIR is read like every command's settings (command-settings.ts).
 * Exit code 0, or 1 when the folder does not exist.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readCommandSettings } from '../command-settings.js';
import { projectRoot } from '../project-root.js';
import { writeJsonSchema } from './json-schema.js';

const settings = readCommandSettings(process.argv.slice(2));
const contentDir = path.resolve(projectRoot, settings.env.CONTENT_DIR?.trim() || 'content');

if (settings.args.length > 0) {
  console.error(
    `Unknown option(s): ${settings.args.join(' ')}. Usage: npm run content:schema [-- --dotenv FILE | --no-dotenv]`,
  );
  process.exitCode = 2;
} else if (!existsSync(contentDir)) {
  console.error(`The content folder ${contentDir} does not exist.`);
  process.exitCode = 1;
} else {
  const { file, written } = writeJsonSchema(contentDir);
  const shown = path.relative(process.cwd(), file);
  console.log(written ? `Wrote ${shown}.` : `${shown} is up to date.`);
}
