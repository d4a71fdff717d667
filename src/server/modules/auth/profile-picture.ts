import { createHash } from 'node:crypto';

/**
 * Profile pictures (docs/product.md#profile-pictures): the Workspace directory
 * photo when the directory is configured, else the picture of the ID token, else an initials avatar generated here
 * (no third-party avatar service). The `source` values: 'fallback' = nobody has a photo, so the
 * generated avatar is used; 'error' = the directory could not be asked, so the token's picture or, without one, the
 * generated avatar is used (and the answer is cached for a shorter time).
 */

/** Where a picture came from. */
export type PictureSource = 'directory' | 'token' | 'fallback' | 'error';

/** A picture to send: image bytes, or the address of the token's picture to redirect to. */
export type ResolvedPicture =
  | { source: PictureSource; kind: 'image'; contentType: string; data: Buffer }
  | { source: 'token' | 'error'; kind: 'redirect'; url: string };

/** A photo from the directory. */
export interface DirectoryPhoto {
  contentType: string;
  data: Buffer;
}

/** What the pictures need from the Workspace directory (google-auth/directory.ts). */
export interface DirectoryPhotoLookup {
  /**
   * @param email the member's e-mail
   * @returns the member's photo, or null when they have none (or are not in the directory)
   * @throws when the directory cannot be asked
   */
  photoOf(email: string): Promise<DirectoryPhoto | null>;
}

/** How long a directory answer is kept per e-mail: a photo or "no photo" for an hour, a failure for five minutes. */
export const PICTURE_CACHE_TTL_MS = 60 * 60 * 1000;
export const PICTURE_ERROR_TTL_MS = 5 * 60 * 1000;
/** At most this many e-mails are cached; the oldest entry goes first. */
const PICTURE_CACHE_MAX_ENTRIES = 5000;

/** Side of the generated avatar, in px (docs/product.md#constants). */
export const AVATAR_SIZE_PX = 128;

/** Backgrounds of generated avatars; each keeps white initials above WCAG AA contrast (4.5:1). */
export const AVATAR_COLORS = [
  '#1d4ed8',
  '#15803d',
  '#b91c1c',
  '#7e22ce',
  '#c2410c',
  '#0f766e',
  '#be185d',
  '#4338ca',
  '#0369a1',
  '#4d7c0f',
] as const;

/**
 * The initials of a name: the first letters (or digits) of its first and last words, upper case ("Alex Rivera" →
 * "AR", "Sam" → "S", "<Tom> & \"Jerry\"" → "TJ"), or "?" when the name has no letter.
 */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/u)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const picked = letters.length > 1 ? [letters[0], letters[letters.length - 1]] : letters;
  return picked.join('').toLocaleUpperCase() || '?';
}

/** The avatar background for a name: always the same one for the same name (case and spacing ignored). */
export function avatarColorOf(name: string): string {
  const digest = createHash('sha256').update(name.trim().replace(/\s+/gu, ' ').toLowerCase()).digest();
  return AVATAR_COLORS[digest.readUInt32BE(0) % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * The generated avatar: a 128×128 SVG circle in {@link avatarColorOf} with white {@link initialsOf}.
 * @param name the member's name
 * @returns the SVG document
 */
export function initialsAvatarSvg(name: string): string {
  const half = AVATAR_SIZE_PX / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE_PX}" height="${AVATAR_SIZE_PX}" ` +
    `viewBox="0 0 ${AVATAR_SIZE_PX} ${AVATAR_SIZE_PX}" role="img" aria-label="${escapeXml(name)}">` +
    `<circle cx="${half}" cy="${half}" r="${half}" fill="${avatarColorOf(name)}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="52" font-weight="600">` +
    `${escapeXml(initialsOf(name))}</text></svg>`
  );
}

type DirectoryAnswer = { ok: true; photo: DirectoryPhoto | null } | { ok: false };

/**
 * Resolves and caches profile pictures, per e-mail (only the directory's answer is cached: the other sources cost
 * nothing). Kept in process memory: it is a cache, and another process simply asks the directory itself.
 */
export class ProfilePictures {
  readonly #cache = new Map<string, { expiresAt: number; answer: DirectoryAnswer }>();

  /**
   * @param options.directory the directory, when configured
   * @param options.now the app's clock
   * @param options.onDirectoryError called with the error when the directory fails (for the log)
   */
  constructor(
    private readonly options: {
      directory: DirectoryPhotoLookup | undefined;
      now: () => Date;
      onDirectoryError?: (error: unknown) => void;
    },
  ) {}

  /**
   * The picture of a member.
   * @param user `email`, `name`, and `picture` (the ID token's picture URL, or null)
   * @returns the picture and its source; never throws (a directory failure gives source 'error')
   */
  async pictureOf(user: { email: string; name: string; picture: string | null }): Promise<ResolvedPicture> {
    const answer = this.options.directory
      ? await this.#directoryAnswer(this.options.directory, user.email.toLowerCase())
      : undefined;
    if (answer?.ok && answer.photo) return { source: 'directory', kind: 'image', ...answer.photo };
    const failed = answer !== undefined && !answer.ok;
    if (user.picture !== null) return { source: failed ? 'error' : 'token', kind: 'redirect', url: user.picture };
    return {
      source: failed ? 'error' : 'fallback',
      kind: 'image',
      contentType: 'image/svg+xml; charset=utf-8',
      data: Buffer.from(initialsAvatarSvg(user.name)),
    };
  }

  /** How long the browser may keep a picture of this source, in seconds. */
  static maxAgeSeconds(source: PictureSource): number {
    return (source === 'error' ? PICTURE_ERROR_TTL_MS : PICTURE_CACHE_TTL_MS) / 1000;
  }

  async #directoryAnswer(directory: DirectoryPhotoLookup, email: string): Promise<DirectoryAnswer> {
    const now = this.options.now().getTime();
    const cached = this.#cache.get(email);
    if (cached && cached.expiresAt > now) return cached.answer;
    let answer: DirectoryAnswer;
    try {
      answer = { ok: true, photo: await directory.photoOf(email) };
    } catch (error) {
      this.options.onDirectoryError?.(error);
      answer = { ok: false };
    }
    this.#cache.delete(email);
    if (this.#cache.size >= PICTURE_CACHE_MAX_ENTRIES) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    this.#cache.set(email, { expiresAt: now + (answer.ok ? PICTURE_CACHE_TTL_MS : PICTURE_ERROR_TTL_MS), answer });
    return answer;
  }
}
