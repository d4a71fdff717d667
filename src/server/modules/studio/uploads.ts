import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { STUDIO_ASSET_MAX_BYTES } from '../../../shared/studio-api.js';
import { HttpError } from '../../http-errors.js';

/**
 * What the content studio accepts as a file (docs/product.md#content-studio, docs/decisions/023-content-studio.md):
 * the type is decided by the bytes (file-type), never by the request's Content-Type or name; a PDF must open with
 * pdf-lib and an image must decode completely with sharp (libvips). SVG is refused: it is a document that may hold
 * script, and there is no dependable way to make it safe on the server.
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

/**
 * Checks an uploaded file.
 * @param bytes the request body
 * @param declared the request's Content-Type (without parameters, lower case)
 * @returns the type its bytes are
 * @throws HttpError 413 when too large, 415 for a type we do not take (SVG included), 422 when the bytes are not what
 *   the Content-Type says or do not open (a broken PDF, an image that does not decode)
 */
export async function checkUpload(bytes: Uint8Array, declared: string): Promise<string> {
  if (bytes.byteLength === 0) throw new HttpError(422, 'The file is empty.');
  if (bytes.byteLength > STUDIO_ASSET_MAX_BYTES) {
    throw new HttpError(
      413,
      `The file is larger than ${STUDIO_ASSET_MAX_BYTES / 1024 / 1024} MB: make it smaller and try again.`,
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
  if (actual === undefined || !ACCEPTED_UPLOAD_TYPES.has(actual)) {
    throw new HttpError(
      415,
      `This file is ${actual === undefined ? 'of a type we cannot tell' : named(actual)}: upload a PDF, PNG, JPEG, WebP or GIF.`,
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
  try {
    // Decodes every pixel (all frames of an animation): a truncated or corrupt image fails here.
    await sharp(bytes, { animated: true, failOn: 'error', limitInputPixels: 50_000_000 }).raw().toBuffer();
  } catch {
    throw new HttpError(
      422,
      `This picture cannot be read (${named(actual)} that is damaged or incomplete): save it again and upload the new file.`,
    );
  }
  return actual;
}
