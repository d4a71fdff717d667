/**
 * The text of an uploaded CSV file (docs/product.md#admin-area: importing member records). Files must be UTF-8; a
 * file in another encoding (Latin-1 or Windows-1252, as older spreadsheet programs save CSV) is refused with how to save
 * it as UTF-8, rather than guessed: the same bytes read as different letters in different encodings, and a wrong guess
 * would store wrong names without anyone noticing.
 */

/** The answer to a file that is not UTF-8 (or whose text holds U+FFFD, the mark of bytes that were not UTF-8). */
export const CSV_NOT_UTF8_MESSAGE =
  'This file is not saved as UTF-8, so some letters cannot be read (it may be Latin-1 or Windows-1252, as older spreadsheet programs save CSV). In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)"; in LibreOffice Calc tick "Edit filter settings" when saving and choose "Unicode (UTF-8)"; in Google Sheets use File › Download › CSV. Then upload the new file.';

/**
 * Reads a CSV file's bytes as strict UTF-8 (WHATWG TextDecoder with `fatal: true`); a UTF-8 byte order mark is
 * accepted and dropped.
 * @param bytes the file as it was uploaded
 * @returns `{ ok: true, text }`, or `{ ok: false, message: CSV_NOT_UTF8_MESSAGE }` when a byte sequence is not UTF-8
 */
export function decodeCsvFile(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: CSV_NOT_UTF8_MESSAGE };
  }
}

/**
 * Whether a CSV's text shows that it was read from bytes that were not UTF-8: U+FFFD, the replacement character a
 * lenient decoder puts in place of each such byte.
 * @param text the CSV's text
 */
export function hasReplacementCharacter(text: string): boolean {
  return text.includes('\uFFFD');
}
