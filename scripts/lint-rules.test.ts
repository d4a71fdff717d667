import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module walls of docs/architecture.md#modules hold because lint fails when they are crossed: an import loop
 * (`import-x/no-cycle`) or a module reaching past another's public file (`import-x/no-restricted-paths`); and a route
 * handler that is no named function (`no-restricted-syntax`). Each case lints a text as if it were a file in the tree,
 * with the repository's own ESLint configuration.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` placed at `file` (relative to the repository). */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('lint holds the module walls', { timeout: 120_000 }, () => {
  it('fails a server module that imports a file of another module past its public file', async () => {
    const deep = await ruleIds(
      'src/server/modules/acknowledgments/lint-fixture.ts',
      "import { completeStep } from '../progress/progress.repository.js';\nexport const f = completeStep;\n",
    );
    expect(deep).toContain('import-x/no-restricted-paths');
    const viaPublicFile = await ruleIds(
      'src/server/modules/acknowledgments/lint-fixture.ts',
      "import { completeStep } from '../progress/index.js';\nexport const f = completeStep;\n",
    );
    expect(viaPublicFile).toEqual([]);
  });

  it.each([
    ['src/server/plugins/lint-fixture.ts', '../modules'],
    ['src/server/db/lint-fixture.ts', '../modules'],
    ['src/server/content/lint-fixture.ts', '../modules'],
  ])('fails %s, below the modules, importing any module, even through its public file', async (file, modules) => {
    for (const target of ['members/index.js', 'members/members.repository.js']) {
      const ids = await ruleIds(
        file,
        `import { getMember } from '${modules}/${target}';\nexport const f = getMember;\n`,
      );
      expect(ids, target).toContain('import-x/no-restricted-paths');
    }
    // What it may import: another file below the modules.
    const below = await ruleIds(
      file,
      "import { deepFreeze } from '../deep-freeze.js';\nexport const f = deepFreeze;\n",
    );
    expect(below).toEqual([]);
  });

  it('fails a server module loop: members is below progress, so members importing progress closes a loop', async () => {
    // progress/step-rules.ts imports members/index.ts, which imports left-members.ts.
    const ids = await ruleIds(
      'src/server/modules/members/left-members.ts',
      "import { memberStep } from '../progress/index.js';\nexport const f = memberStep;\n",
    );
    expect(ids).toContain('import-x/no-cycle');
  });

  it('fails a server route whose handler is not a named function', async () => {
    const routes = (handler: string) =>
      `import type { FastifyInstance } from 'fastify';\nexport function routes(app: FastifyInstance) {\n  app.get('/api/thing', ${handler});\n}\n`;
    const file = 'src/server/modules/preferences/lint-fixture.ts';
    expect(await ruleIds(file, routes('async () => ({ ok: true })'))).toContain('no-restricted-syntax');
    expect(await ruleIds(file, routes('async function () { return { ok: true }; }'))).toContain('no-restricted-syntax');
    expect(await ruleIds(file, routes('async function getThing() { return { ok: true }; }'))).toEqual([]);
  });

  it('fails a client feature that imports a file of another feature past its public file', async () => {
    const deep = await ruleIds(
      'src/client/features/studio/components/lint-fixture.tsx',
      "import { formatDateTime } from '@/features/admin/utils/format';\nexport const f = formatDateTime;\n",
    );
    expect(deep).toContain('import-x/no-restricted-paths');
    const viaPublicFile = await ruleIds(
      'src/client/features/studio/components/lint-fixture.tsx',
      "import { formatDateTime } from '@/features/admin';\nexport const f = formatDateTime;\n",
    );
    expect(viaPublicFile).toEqual([]);
  });

  it('fails a client loop: lib/toasts.ts imports lib/toaster-ids.ts, so the reverse closes a loop', async () => {
    const ids = await ruleIds(
      'src/client/lib/toaster-ids.ts',
      "import { COPY_TOAST_MS } from './toasts';\nexport const f = COPY_TOAST_MS;\n",
    );
    expect(ids).toContain('import-x/no-cycle');
  });
});
