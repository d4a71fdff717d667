import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { STUDIO_ASSET_MAX_BYTES } from '../shared/studio-api.js';
import { HttpError } from './http-errors.js';

/**
 * What the server accepts as an uploaded file: the content studio's files (docs/product.md#content-studio,
 * docs/decisions/023-content-studio.md) and the files members give to file questions of form steps
 * (docs/product.md#form-steps). The type is decided by the bytes (file-type), never by the request's Content-Type or
 * name; a PDF must open with pdf-lib and an image must decode completely with sharp (libvips). SVG is refused: it is a
 * document that may hold script, and there is no dependable way to make it safe on the server.
 */

/** The types an upload may be, by what the bytes are. */
export const ACCEPTED_UPLOAD_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);

const NAMES: Record<string, string> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/webp': 'a WebP image',
  'image/gif': 'a GIF image',
  'image/svg+xml': 'an SVG image',
};

const named = (type: string): string => NAMES[type] ?? `a file of type ${type}`;

/** The most pixels a picture may have, every frame of an animation counted (the decoded size stays under ~200 MB). */
export const UPLOAD_MAX_PIXELS = 50_000_000;

/**
 * The fewest bytes of file a picture needs per million pixels once it has more than
 * {@link BYTES_PER_PIXEL_RULE_FROM_PIXELS}: one byte per 1,000 pixels. Deflate (PNG) packs 8-bit pixels of one colour
 * at most ~1,000 : 1, about 3,400 bytes per megapixel for a plain white RGB PNG; only files built to unpack far beyond
 * their size come under this (a 1-bit PNG of 49 megapixels in 6 kB, which decodes to 147 MB).
 */
export const MIN_BYTES_PER_MEGAPIXEL = 1_000;

/** Below this many pixels (16 MB decoded at most) a picture is cheap to decode, whatever its file size. */
export const BYTES_PER_PIXEL_RULE_FROM_PIXELS = 4_000_000;

const damagedPicture = (type: string): HttpError =>
  new HttpError(
    422,
    `This picture cannot be read (${named(type)} that is damaged or incomplete): save it again and upload the new file.`,
  );

/** What one upload may be: its types (by the bytes) and its largest size. */
export interface UploadRules {
  /** Media types taken, each one of {@link ACCEPTED_UPLOAD_TYPES}. */
  accepted: ReadonlySet<string>;
  /** The largest file, in bytes. */
  maxBytes: number;
}

/** The content studio's rules: every accepted type, up to 10 MB. */
export const STUDIO_UPLOAD_RULES: UploadRules = { accepted: ACCEPTED_UPLOAD_TYPES, maxBytes: STUDIO_ASSET_MAX_BYTES };

/** "a PDF, PNG, JPEG, WebP or GIF": the types of `accepted` as words. */
function typeList(accepted: ReadonlySet<string>): string {
  const names = [...accepted].map((t) =>
    named(t)
      .replace(/^an? /u, '')
      .replace(/ image$/u, ''),
  );
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

/** A size as the limit is written: "10 MB", "300 KB". */
const sizeWords = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * Checks an uploaded file.
 * @param bytes the request body
 * @param declared the request's Content-Type (without parameters, lower case)
 * @param rules the types and largest size taken (default: the content studio's, {@link STUDIO_UPLOAD_RULES})
 * @returns the type its bytes are
 * @throws HttpError 413 when too large (over `rules.maxBytes`, or a picture over {@link UPLOAD_MAX_PIXELS}), 415 for a
 *   type not taken (SVG included), 422 when empty, when the bytes are not what the Content-Type says or do not open (a
 *   broken PDF, an image that does not decode) or a picture is a decompression bomb (see {@link MIN_BYTES_PER_MEGAPIXEL})
 */
export async function checkUpload(
  bytes: Uint8Array,
  declared: string,
  rules: UploadRules = STUDIO_UPLOAD_RULES,
): Promise<string> {
  if (bytes.byteLength === 0) throw new HttpError(422, 'The file is empty: choose the file again.');
  if (bytes.byteLength > rules.maxBytes) {
    throw new HttpError(
      413,
      `The file is larger than ${sizeWords(rules.maxBytes)} (it is ${sizeWords(bytes.byteLength)}): make it ` +
        'smaller and try again.',
    );
  }
  if (declared === 'image/svg+xml') {
    throw new HttpError(
      415,
      'SVG images cannot be uploaded (they can carry scripts): save the picture as PNG or WebP and upload that.',
    );
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  const actual = sniffed?.mime;
  if (actual === undefined || !rules.accepted.has(actual)) {
    throw new HttpError(
      415,
      `This file is ${actual === undefined ? 'of a type we cannot tell' : named(actual)}: upload ` +
        `a ${typeList(rules.accepted)}.`,
    );
  }
  if (actual !== declared) {
    throw new HttpError(422, `The file is ${named(actual)}, but it was sent as ${named(declared)}.`);
  }
  if (actual === 'application/pdf') {
    try {
      const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
      if (pdf.getPageCount() === 0) throw new Error('no pages');
    } catch {
      throw new HttpError(
        422,
        'This PDF cannot be opened (it is damaged or has no pages): export it again and upload the new file.',
      );
    }
    return actual;
  }
  await checkPictureSize(bytes, actual);
  try {
    // Decodes every pixel (all frames of an animation): a truncated or corrupt image fails here.
    await sharp(bytes, { animated: true, failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS }).raw().toBuffer();
  } catch {
    throw damagedPicture(actual);
  }
  return actual;
}

const megapixels = (pixels: number): string => `${Math.round(pixels / 100_000) / 10} megapixels`;

/**
 * Refuses a picture too large to decode, from its header alone (nothing is decoded yet): more than
 * {@link UPLOAD_MAX_PIXELS}, or a decompression bomb (fewer than {@link MIN_BYTES_PER_MEGAPIXEL} bytes per million
 * pixels above {@link BYTES_PER_PIXEL_RULE_FROM_PIXELS}). docs/product.md#content-studio ("Files").
 * @param bytes the file, of an accepted image type
 * @param type its type, as the bytes say
 * @throws HttpError 413 naming the picture's size and the limit; 422 for a bomb, or a header that does not read
 */
async function checkPictureSize(bytes: Uint8Array, type: string): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  let pages: number | undefined;
  try {
    // `animated`: the height is that of every frame stacked, as the decoder below allocates them.
    ({ width, height, pages } = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata());
  } catch {
    throw damagedPicture(type);
  }
  if (width === undefined || height === undefined) throw damagedPicture(type);
  const pixels = width * height;
  const frames = pages !== undefined && pages > 1 ? ` (${pages} frames together)` : '';
  if (pixels > UPLOAD_MAX_PIXELS) {
    throw new HttpError(
      413,
      `This picture is too large: ${width} × ${height} pixels${frames}, ${megapixels(pixels)}; at most ` +
        `${megapixels(UPLOAD_MAX_PIXELS)} can be uploaded. Save it smaller (a picture on a step needs at most ` +
        `about 2,000 pixels across) and upload that.`,
    );
  }
  if (pixels > BYTES_PER_PIXEL_RULE_FROM_PIXELS && bytes.byteLength < (pixels / 1_000_000) * MIN_BYTES_PER_MEGAPIXEL) {
    throw new HttpError(
      422,
      `This picture says it is ${width} × ${height} pixels${frames} (${megapixels(pixels)}) but the file is only ` +
        `${Math.ceil(bytes.byteLength / 1024)} kB: a real picture that large takes at least 1 byte per 1,000 pixels, ` +
        `and a file like this one can exhaust the server's memory. Open the picture in an image editor, save it ` +
        `at the size it is shown (about 2,000 pixels across) as PNG or JPEG, and upload that.`,
    );
  }
}
