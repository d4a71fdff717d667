/**
 * `npm run content:check [-- --strict]`: validates the role configurations (docs/architecture.md#content-loading) and writes
 * `content/role-configuration.schema.json` for editor completion. Exits 1 and prints one line per problem
 * ("file: path: message") when the content is broken; otherwise prints a summary and exits 0.
 *
 * Placeholders (texts marked "to be added" or "to be confirmed", see placeholders.ts) are counted in the summary.
 * With `--strict` (before launch) each is listed as "file: path: text", and any placeholder makes the exit code 1.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { roleConfigurationSchema } from '../../shared/content-schema.js';
import { resolveRole } from '../../shared/roles.js';
import { projectRoot } from '../project-root.js';
import { ContentError, loadContent } from './load-content.js';
import { findPlaceholders } from './placeholders.js';

const contentDir = path.resolve(projectRoot, process.env.CONTENT_DIR?.trim() || 'content');

/** Writes the JSON Schema of a role file when it changed (so an unchanged schema keeps its timestamp). */
function writeJsonSchema(): string {
  const file = path.join(contentDir, 'role-configuration.schema.json');
  const text = `${JSON.stringify(z.toJSONSchema(roleConfigurationSchema, { io: 'input' }), null, 2)}\n`;
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  return path.relative(process.cwd(), file);
}

/** The lines of the placeholder report: one per placeholder, "file: path: text". */
function placeholderLines(catalog: Awaited<ReturnType<typeof loadContent>>): string[] {
  return [...catalog.entries()].flatMap(([key, configuration]) =>
    findPlaceholders(configuration).map(
      ({ path: at, text }) => `  ${key.replace(/ /gu, '-')}.yaml: ${at}: ${text.replace(/\s+/gu, ' ')}`,
    ),
  );
}

async function main(strict: boolean): Promise<number> {
  const schemaFile = writeJsonSchema();
  try {
    const catalog = await loadContent(contentDir);
    const definedSteps = [...catalog.values()].reduce(
      (n, c) => n + c.scopes.reduce((m, s) => m + s.steps.length, 0),
      0,
    );
    console.log(`Content OK: ${catalog.size} role configurations, ${definedSteps} steps (JSON Schema: ${schemaFile})`);
    for (const key of [...catalog.keys()].sort()) {
      const role = resolveRole(catalog, key);
      const steps = role.scopes.reduce((n, s) => n + s.steps.length, 0);
      // docs/product.md#due-dates-and-reminders: steps with `dueAfterDays` get due dates and reminders.
      const due = role.scopes.reduce((n, s) => n + s.steps.filter((step) => step.dueAfterDays !== undefined).length, 0);
      console.log(`  ${key}: ${role.scopes.length} scopes, ${steps} steps${due > 0 ? `, ${due} with a due date` : ''}`);
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

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--strict');
if (unknown.length > 0) {
  console.error(`Unknown option(s): ${unknown.join(' ')}. Usage: npm run content:check [-- --strict]`);
  process.exitCode = 2;
} else {
  process.exitCode = await main(args.includes('--strict'));
}
