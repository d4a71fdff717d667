import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dashboardAnswerPaths, documentAnswersElement } from '../../shared/dashboard-answers.js';

/** The answer that says who is signed in (first in dashboardAnswerPaths). */
const ME_PATH = '/api/me';

/** The request headers the app's own answers depend on: the session, and the host the allowed-hosts check reads. */
const FORWARDED_HEADERS = ['cookie', 'host', 'user-agent', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * The first API answers of the dashboard for the person asking (src/shared/dashboard-answers.ts), asked of the app
 * itself with the request's own session, so they are exactly what the page would get from the API.
 * @param app the app (its routes answer the injected requests)
 * @param request the document request (its cookie and host are passed on)
 * @returns each path's JSON body, only those answered 200 (none: signed out or the session expired)
 */
async function firstAnswers(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const answered = await Promise.all(
    dashboardAnswerPaths(search).map(async (url) => {
      const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      return res.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('application/json')
        ? ([[url, res.json() as unknown]] as const)
        : [];
    }),
  );
  return Object.fromEntries(answered.flat());
}

/** The content codings a browser accepts (`Accept-Encoding`), without those it refuses with `q=0`. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Answers /dashboard's document with its first API answers in it (docs/decisions/028-dashboard-render-on-a-phone.md):
 * index.html of the build, plus a JSON element the page reads instead of asking the API again, so a phone shows the
 * steps one round trip sooner. Personal, so never stored by a cache (`no-store`); compressed with brotli or gzip when
 * the browser accepts it, as the build's static files are.
 * @param app the app
 * @param request GET /dashboard with a session cookie
 * @param reply its reply
 * @param clientDir the built client, holding index.html
 * @returns true when it answered; false when the session is no member's (GET /api/me did not answer 200), and the
 *   caller serves the plain document
 */
export async function sendDashboardDocument(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, clientDir: string): Promise<boolean> {
  let answers: Record<string, unknown>;
  try {
    answers = await firstAnswers(app, request);
  } catch (error) {
    // The page can always ask for its answers itself: a failure here only costs it a round trip.
    request.log.warn({ err: error }, 'could not write the first API answers into the dashboard document');
    return false;
  }
  // No signed-in member (an expired or unknown session): the page goes to /login, the plain document does.
  if (!(ME_PATH in answers)) return false;
  const index = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const closing = index.lastIndexOf('</body>');
  const html = closing === -1 ? index + documentAnswersElement(answers) : `${index.slice(0, closing)}${documentAnswersElement(answers)}${index.slice(closing)}`;
  const encodings = acceptedEncodings(request.headers['accept-encoding']);
  reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'Accept-Encoding');
  if (encodings.has('br')) {
    reply.header('content-encoding', 'br');
    await reply.send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (encodings.has('gzip')) {
    reply.header('content-encoding', 'gzip');
    await reply.send(gzipSync(html));
  } else {
    await reply.send(html);
  }
  return true;
}
