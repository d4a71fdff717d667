import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The built files worth compressing: text formats only (images, PDFs and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Files smaller than this are sent as they are: the headers would outweigh the saving. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Vite plugin (docs/architecture.md#performance-budgets, Lighthouse "uses text compression"): after the client is
 * built, writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every text file of at least 1 KiB
 * in the output directory. The server serves them with @fastify/static's `preCompressed` option to browsers that accept
 * them, so nothing is compressed per request.
 * @param outDir the build's output directory (absolute path)
 * @returns the plugin; it runs only for `vite build`
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'onboarding:precompress',
    apply: 'build',
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
