import { z } from 'zod';

/**
 * The addresses content may use (docs/product.md#scopes-and-steps: links, pictures, images, media, PDFs) and why one
 * is refused (docs/security.md#what-was-checked-and-how).
 */

/** A stand-in origin to resolve a path against as a browser would (never contacted). */
const STAND_IN_ORIGIN = 'https://onboarding.invalid';

/** The message of an address that is none of the kinds content may use. */
export const CONTENT_URL_MESSAGE =
  'must be an https:// URL, a mailto: address or a path on this site starting with a single "/"';
/** The message of a path into the app's API. */
export const CONTENT_API_PATH_MESSAGE =
  "must not point into /api/: a link, image or media item in content may not make a viewer's browser call the app (e.g. reveal a shared password in their name)";

/**
 * What is wrong with a content address (docs/product.md#scopes-and-steps: links, pictures, images, media, PDFs), or
 * null when it is fine: an `https://` URL, a `mailto:` address, or a path of this site. A path is resolved as a
 * browser resolves it (WHATWG URL): `//host/…` and `/\host/…` (browsers read `\` as `/`) name another site and are
 * refused; so is any spelling of a path into `/api` (`/%61pi/…`, `/x/../api/…`), which an image or link would call
 * with the viewer's session (docs/security.md#what-was-checked-and-how).
 * @param value the address as written in the content
 * @returns {@link CONTENT_URL_MESSAGE}, {@link CONTENT_API_PATH_MESSAGE}, or null
 */
export function contentUrlProblem(value: string): string | null {
  if (/^https:\/\/[^\s]+$/.test(value) || /^mailto:[^\s]+$/.test(value)) return null;
  if (!value.startsWith('/') || /[\s\\]/.test(value)) return CONTENT_URL_MESSAGE;
  let resolved: URL;
  try {
    resolved = new URL(value, STAND_IN_ORIGIN);
  } catch {
    return CONTENT_URL_MESSAGE;
  }
  if (resolved.origin !== STAND_IN_ORIGIN || value.startsWith('//')) return CONTENT_URL_MESSAGE;
  let pathnames: string[];
  try {
    // As written, and as a server that decodes percent-escapes before routing reads it (`/%61pi`, `/x/..%2Fapi`).
    const decoded = decodeURIComponent(resolved.pathname);
    pathnames = [resolved.pathname, decoded, new URL(decoded, STAND_IN_ORIGIN).pathname].map((p) => p.toLowerCase());
  } catch {
    return CONTENT_URL_MESSAGE;
  }
  return pathnames.some((p) => p === '/api' || p.startsWith('/api/')) ? CONTENT_API_PATH_MESSAGE : null;
}

/**
 * What is wrong with an absolute content address on the app's own host (docs/security.md#what-was-checked-and-how):
 * `https://<PUBLIC_URL host>/api/…` calls the app with the viewer's session like the path `/api/…`, so its path is
 * checked as a path of this site ({@link contentUrlProblem}). The schema cannot know the host; the server checks this
 * where it checks a catalogue's files.
 * @param value the address as written in the content
 * @param publicUrl the app's PUBLIC_URL (e.g. `https://onboarding.example.org`); undefined: nothing to compare
 * @returns {@link CONTENT_API_PATH_MESSAGE} (or {@link CONTENT_URL_MESSAGE}) for an address of the app's host whose
 *   path is refused; null otherwise
 */
export function ownOriginUrlProblem(value: string, publicUrl: string | undefined): string | null {
  if (publicUrl === undefined || !/^https?:\/\//iu.test(value)) return null;
  let url: URL;
  let own: URL;
  try {
    url = new URL(value);
    own = new URL(publicUrl);
  } catch {
    return null;
  }
  // Any port, and the host's absolute form with a trailing dot, reach the same app.
  const host = (name: string) => name.replace(/\.$/u, '');
  if (host(url.hostname) !== host(own.hostname)) return null;
  return contentUrlProblem(`/${url.pathname.replace(/^\/+/u, '')}${url.search}`);
}

/** A link or asset address in content: an https URL, a mailto: address, or a path served by us; see {@link contentUrlProblem}. */
export const contentUrlSchema = z.string().superRefine((value, ctx) => {
  const problem = contentUrlProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});
