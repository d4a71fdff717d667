import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'server-runtime-packages.mjs');
const work = mkdtempSync(join(tmpdir(), 'runtime-packages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Writes `files` (path relative to `base` → text) under `base`. */
function write(base: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
}

/** A package folder with a package.json and the given files. */
function pkg(name: string, files: Record<string, string> = {}, manifest: object = {}): Record<string, string> {
  const out: Record<string, string> = {
    [`node_modules/${name}/package.json`]: JSON.stringify({ name, version: '1.0.0', main: 'index.js', ...manifest }),
  };
  for (const [path, text] of Object.entries(files)) out[`node_modules/${name}/${path}`] = text;
  return out;
}

describe('server-runtime-packages (the container image keeps only what the built server runs)', () => {
  it('keeps the packages the build imports, requires, resolves by literal and their installed optional builds, and no other', async () => {
    const project = join(work, 'project');
    write(project, {
      'dist/node/server/server.js':
        "import a from 'pkg-a';\nimport { createRequire } from 'node:module';\n" +
        "export function font() { const require = createRequire(import.meta.url); return require.resolve('@fonts/pkg-c/f.ttf'); }\n" +
        'export default a;\n',
      'dist/ssr/server-render.js': "import('pkg-f');\n",
      ...pkg(
        'pkg-a',
        { 'index.js': "module.exports = require('pkg-b');\n" },
        { optionalDependencies: { 'pkg-d': '1.0.0', 'pkg-x': '1.0.0' } },
      ),
      ...pkg('pkg-b', { 'index.js': 'module.exports = 1;\n', 'node_modules/nested/package.json': '{}' }),
      ...pkg('@fonts/pkg-c', { 'f.ttf': 'font' }),
      ...pkg('pkg-d', { 'index.js': '' }),
      ...pkg('pkg-e', { 'index.js': '' }),
      ...pkg('pkg-f', { 'index.js': 'export default 1;\n' }),
    });
    const output = join(work, 'out');
    const { stdout } = await run(process.execPath, [script, output, project]);
    expect(stdout).toMatch(/5 packages/);
    const kept = readdirSync(join(output, 'node_modules')).sort();
    expect(kept).toEqual(['@fonts', 'pkg-a', 'pkg-b', 'pkg-d', 'pkg-f']);
    expect(readdirSync(join(output, 'node_modules/@fonts/pkg-c'))).toContain('f.ttf');
    expect(readdirSync(join(output, 'node_modules/pkg-b'))).not.toContain('node_modules');
  });

  it('stops with a message when the server is not built', async () => {
    const empty = join(work, 'empty');
    mkdirSync(empty, { recursive: true });
    await expect(run(process.execPath, [script, join(work, 'out2'), empty])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('run `npm run build` first'),
    });
  });
});
