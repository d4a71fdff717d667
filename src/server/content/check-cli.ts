/**
 * `npm run content:check [-- --strict]`: validates the role configurations (docs/architecture.md#content-loading).
 * It only reads: it changes nothing in the folder it checks. Exits 1 and prints one line per problem
 * ("file: path: message") when the content is broken; otherwise prints a summary and exits 0. When the folder's
 * `role-configuration.schema.json` is out of date it says so and names `npm run content:schema`, which writes it.
 *
 * Placeholders (texts marked "to be added" or "to be confirmed", see placeholders.ts) are counted in the summary.
 * With `--strict` (before launch) each is listed as "file: path: text", and any placeholder makes the exit code 1.
 * CONTENT_DIR is read like every command's settings (command-settings.ts; `--dotenv FILE` / `--no-dotenv`).
 */
import path from 'node:path';
import { resolveRole } from '../../shared/roles.js';
import { readCommandSettings, SettingsFileError } from '../command-settings.js';
import { projectRoot } from '../project-root.js';
import { JSON_SCHEMA_FILE, jsonSchemaStatus } from './json-schema.js';
import { ContentError, loadContent } from './load-content.js';
import { findPlaceholders } from './placeholders.js';

/** The lines of the placeholder report: one per placeholder, "file: path: text". */
function placeholderLines(catalog: Awaited<ReturnType<typeof loadContent>>): string[] {
  return [...catalog.entries()].flatMap(([key, configuration]) =>
    findPlaceholders(configuration).map(
      ({ path: at, text }) => `  ${key.replace(/ /gu, '-')}.yaml: ${at}: ${text.replace(/\s+/gu, ' ')}`,
    ),
  );
}

async function main(strict: boolean): Promise<number> {
  try {
    const catalog = await loadContent(contentDir);
    const definedSteps = [...catalog.values()].reduce(
      (n, c) => n + c.scopes.reduce((m, s) => m + s.steps.length, 0),
      0,
    );
    console.log(`Content OK: ${catalog.size} role configurations, ${definedSteps} steps`);
    for (const key of [...catalog.keys()].sort()) {
      const role = resolveRole(catalog, key);
      const steps = role.scopes.reduce((n, s) => n + s.steps.length, 0);
      // docs/product.md#due-dates-and-reminders: steps with `dueAfterDays` get due dates and reminders.
      const due = role.scopes.reduce((n, s) => n + s.steps.filter((step) => step.dueAfterDays !== undefined).length, 0);
      console.log(`  ${key}: ${role.scopes.length} scopes, ${steps} steps${due > 0 ? `, ${due} with a due date` : ''}`);
    }
    if (jsonSchemaStatus(contentDir) === 'outdated') {
      const schemaFile = path.relative(process.cwd(), path.join(contentDir, JSON_SCHEMA_FILE));
      console.log(`${schemaFile} is out of date: run npm run content:schema to update it.`);
    }
    const placeholders = placeholderLines(catalog);
    if (placeholders.length === 0) {
      console.log('No placeholders left.');
      return 0;
    }
    if (!strict) {
      console.log(
        `${placeholders.length} placeholder(s) still to fill in before launch: run npm run content:check -- --strict to list them.`,
      );
      return 0;
    }
    console.error(
      `${placeholders.length} placeholder(s) to fill in before launch (texts marked "to be added" or "to be confirmed"):`,
    );
    for (const line of placeholders) console.error(line);
    return 1;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`Content has ${error.problems.length} problem(s):`);
    console.error(error.message);
    return 1;
  }
}

let settings;
try {
  settings = readCommandSettings(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SettingsFileError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const args = settings.args;
const contentDir = path.resolve(projectRoot, settings.env.CONTENT_DIR?.trim() || 'content');
const unknown = args.filter((arg) => arg !== '--strict');
if (unknown.length > 0) {
  console.error(`Unknown option(s): ${unknown.join(' ')}. Usage: npm run content:check [-- --strict]`);
  process.exitCode = 2;
} else {
  process.exitCode = await main(args.includes('--strict'));
}
