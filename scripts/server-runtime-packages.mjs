#!/usr/bin/env node
// Copies the packages the built server runs into a folder of their own, for the container image
// (docs/operations.md#container-image). `dependencies` also lists the client's and the build's packages, so that
// `npm start` can build; a built server needs far fewer. @vercel/nft follows every import and require of the
// compiled server (dist/node) and of the server-rendered first screen (dist/ssr), and each package a traced file
// belongs to is copied whole (its data files too: PGlite's WebAssembly, the DejaVu fonts), with the optional
// dependencies it has installed (sharp's platform binaries, which it loads by a computed name), leaving out source maps
// and type declarations.
//
// Usage: node scripts/server-runtime-packages.mjs <output folder> [project folder]   (run after `npm run build`)
// Writes <output folder>/node_modules and prints the packages' count and size. Exits 1 when the build is missing.
// The project folder (the one holding dist/ and node_modules/) defaults to this repository.
import { cpSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFileTrace } from '@vercel/nft';

const output = process.argv[2];
const root = resolve(process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
if (!output) {
  console.error('usage: node scripts/server-runtime-packages.mjs <output folder>');
  process.exit(2);
}

/** Every .js file under `dir`, recursively (absolute paths). */
function scripts(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const entries = [...scripts(join(root, 'dist/node')), ...scripts(join(root, 'dist/ssr'))];
if (!entries.some((file) => file.endsWith(join('server', 'server.js')))) {
  console.error('server-runtime-packages: dist/node/server/server.js is missing; run `npm run build` first');
  process.exit(1);
}

const { fileList } = await nodeFileTrace(entries, { base: root });

/** The package folder (relative to root, e.g. node_modules/@img/sharp-linux-x64) a traced file belongs to, if any. */
function packageOf(file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1 || at + 1 >= parts.length) return undefined;
  const length = parts[at + 1].startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + length).join(sep);
}

const packages = new Set();
for (const file of fileList) {
  const folder = packageOf(file);
  if (folder && existsSync(join(root, folder, 'package.json'))) packages.add(folder);
}

// A file found with `require.resolve('<package>/<file>')` (a createRequire inside a function: the receipt's fonts) is
// not followed by the trace; its package is named by the literal.
for (const entry of entries) {
  for (const [, name] of readFileSync(entry, 'utf8').matchAll(
    /require\.resolve\(\s*['"]((?:@[^/'"]+\/)?[^/'".][^/'"]*)/g,
  )) {
    if (existsSync(join(root, 'node_modules', name, 'package.json'))) packages.add(join('node_modules', name));
  }
}

// Optional dependencies that are installed are kept: they are the platform's native builds a package picks at run time.
for (const folder of [...packages]) {
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
    for (const candidate of [join(folder, 'node_modules', name), join('node_modules', name)]) {
      if (existsSync(join(root, candidate, 'package.json'))) {
        packages.add(candidate);
        break;
      }
    }
  }
}

/** Size in bytes of everything under `path`. */
function size(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0);
}

/**
 * Files no running server reads: source maps (Node reads them only with --enable-source-maps, which the image does not
 * use) and type declarations; about 60 MB of the packages reached.
 */
const UNUSED_AT_RUN_TIME = /\.(?:js\.map|mjs\.map|cjs\.map|d\.ts|d\.mts|d\.cts)$/u;

let bytes = 0;
// A package nested inside another's node_modules is copied with its parent's folder only when the parent is kept too;
// copying parents first and skipping their nested node_modules keeps each copy to the package itself.
for (const folder of [...packages].sort()) {
  cpSync(join(root, folder), resolve(output, folder), {
    recursive: true,
    filter: (source) =>
      !relative(join(root, folder), source).split(sep).includes('node_modules') && !UNUSED_AT_RUN_TIME.test(source),
  });
  bytes += size(resolve(output, folder));
}
console.log(`server-runtime-packages: ${packages.size} packages, ${(bytes / 1e6).toFixed(0)} MB, in ${output}`);
