/**
 * `npm run content:check`: validates the role configurations (docs/architecture.md#content-loading) and writes
 * `content/role-configuration.schema.json` for editor completion. Exits 1 and prints one line per problem
 * ("file: path: message") when the content is broken; otherwise prints a summary and exits 0.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { roleConfigurationSchema } from '../../shared/content-schema.js';
import { resolveRole } from '../../shared/roles.js';
import { projectRoot } from '../project-root.js';
import { ContentError, loadContent } from './load-content.js';

const contentDir = path.resolve(projectRoot, process.env.CONTENT_DIR?.trim() || 'content');

/** Writes the JSON Schema of a role file when it changed (so an unchanged schema keeps its timestamp). */
function writeJsonSchema(): string {
  const file = path.join(contentDir, 'role-configuration.schema.json');
  const text = `${JSON.stringify(z.toJSONSchema(roleConfigurationSchema, { io: 'input' }), null, 2)}\n`;
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  return path.relative(process.cwd(), file);
}

async function main(): Promise<number> {
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
      console.log(`  ${key}: ${role.scopes.length} scopes, ${steps} steps`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`Content has ${error.problems.length} problem(s):`);
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main();
