import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstScreenRenderer } from '../../shared/document-answers.js';

/**
 * Loads the build's server bundle of the dashboard's first screen (`npm run build` writes dist/ssr/server-render.js from
 * src/client/server-render.tsx; docs/decisions/030-dashboard-first-screen-from-the-server.md).
 * @param file the bundle's path
 * @param log where a bundle that cannot be used is reported
 * @returns its renderer, or null when there is no bundle (a server run from source, without a build) or it cannot be
 *   loaded (logged): /dashboard's document then comes without a first screen and the page renders it itself, a little
 *   later on a slow phone but otherwise the same
 */
export async function loadFirstScreenRenderer(
  file: string,
  log: FastifyBaseLogger,
): Promise<FirstScreenRenderer | null> {
  if (!existsSync(file)) return null;
  try {
    const bundle = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: unknown };
    if (typeof bundle.renderFirstScreen === 'function') return bundle.renderFirstScreen as FirstScreenRenderer;
    log.error(
      { file },
      'the server bundle has no renderFirstScreen: build it again (npm run build) and restart the server',
    );
  } catch (error) {
    log.error(
      { err: error, file },
      'could not load the server bundle of the first screen: build it again (npm run build) and restart the server',
    );
  }
  return null;
}
