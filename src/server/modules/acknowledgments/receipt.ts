import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Step } from '../../../shared/content-schema.js';
import { agreementSentence } from '../../../shared/acknowledgments.js';
import type { AcknowledgmentRow } from './acknowledgments.repository.js';

/** A4 in PDF points, and the page margin. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;

/**
 * The receipt's fonts: DejaVu Sans (regular and bold, from the `dejavu-fonts-ttf` package), embedded as subsets of the
 * characters used, so that names in Latin with accents (Łukasz, Şahin, Nguyễn), Greek or Cyrillic print as typed.
 * Read once per process.
 */
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function receiptFontFiles(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  const require = createRequire(import.meta.url);
  fontFiles ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontFiles;
}

/**
 * Whether a character is of a script drawn left to right without shaping (Latin, Greek, Cyrillic, Armenian,
 * Georgian, punctuation and symbols). pdf-lib places glyphs one after another: Arabic, Hebrew or the scripts of India
 * would come out unjoined or in the wrong order, so they are not drawn.
 */
function isSimpleScript(code: number): boolean {
  return code <= 0x058f || (code >= 0x10a0 && code <= 0x10ff) || (code >= 0x1e00 && code <= 0x2bff);
}

/**
 * Text the receipt's font can draw: other characters become '?', so an unusual name never breaks a receipt. The
 * record keeps the name exactly as typed.
 */
function drawable(font: PDFFont, text: string): string {
  const chars = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')]
    .map((c) => {
      const code = c.codePointAt(0) ?? -1;
      return isSimpleScript(code) && chars.has(code) ? c : '?';
    })
    .join('');
}

/** Splits text into lines no wider than `width` at `size`, breaking at spaces (or inside a word longer than a line). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(font, text).split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Writes lines top-down, adding pages as needed. */
class Writer {
  #page: PDFPage;
  #y: number;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.#page = pdf.addPage([PAGE.width, PAGE.height]);
    this.#y = PAGE.height - PAGE.margin;
  }

  text(text: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 11;
    const font = options.bold === true ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(font, text, size, PAGE.width - 2 * PAGE.margin)) {
      if (this.#y - size < PAGE.margin) {
        this.#page = this.pdf.addPage([PAGE.width, PAGE.height]);
        this.#y = PAGE.height - PAGE.margin;
      }
      this.#y -= size * 1.35;
      this.#page.drawText(line, { x: PAGE.margin, y: this.#y, size, font, color: rgb(0.1, 0.1, 0.12) });
    }
    this.#y -= options.gap ?? 4;
  }
}

/** A date and time as "1 April 2025, 10:00:00 BST" in a time zone. */
function formatIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/**
 * The UTC time of a record as printed on a receipt: `2025-04-01 09:00:00 UTC`.
 */
export function receiptUtcTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The stamp of a receipt of a draft document (docs/product.md#placeholders). */
export const DRAFT_STAMP = 'DRAFT';

/** The sentence a receipt of a draft document carries on its signature page. */
export const DRAFT_RECEIPT_NOTICE =
  'DRAFT: the document signed here is a draft, not the final agreement. This receipt records the signature of the draft only.';

/**
 * A draft document as it is downloaded (docs/product.md#placeholders): "DRAFT" across every page and at its top, so
 * every copy of it says it is a draft, not only the viewer.
 * @param bytes the document's PDF
 * @returns the stamped PDF
 * @throws when the bytes are no PDF pdf-lib can read
 */
export async function stampDraftDocument(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const page of pdf.getPages()) stampDraft(page, font);
  pdf.setSubject('DRAFT: not the final document.');
  return pdf.save();
}

/** Stamps "DRAFT" across a page: large, red, diagonal and half transparent, so the text under it stays readable. */
function stampDraft(page: PDFPage, font: PDFFont): void {
  const { width, height } = page.getSize();
  const size = Math.min(width, height) / 4.5;
  const textWidth = font.widthOfTextAtSize(DRAFT_STAMP, size);
  // Centred on the page, turned 45 degrees about its start point.
  const angle = Math.PI / 4;
  const x = width / 2 - (Math.cos(angle) * textWidth - Math.sin(angle) * size * 0.7) / 2;
  const y = height / 2 - (Math.sin(angle) * textWidth + Math.cos(angle) * size * 0.7) / 2;
  page.drawText(DRAFT_STAMP, { x, y, size, font, rotate: degrees(45), color: rgb(0.8, 0.1, 0.1), opacity: 0.25 });
  page.drawText(DRAFT_STAMP, { x: 24, y: height - 30, size: 14, font, color: rgb(0.7, 0.05, 0.05) });
}

const KEYWORD = { record: 'receipt-record:', text: 'text-sha256:', document: 'document-sha256:' } as const;

/** The receipt's PDF keywords: its record id and hashes, so that the receipt check can find its record. */
function receiptKeywords(record: Pick<AcknowledgmentRow, 'id' | 'textHash' | 'documentHash'>): string[] {
  return [
    `${KEYWORD.record}${record.id}`,
    `${KEYWORD.text}${record.textHash}`,
    ...(record.documentHash === null ? [] : [`${KEYWORD.document}${record.documentHash}`]),
  ];
}

/**
 * What a receipt says about its record, read from its PDF keywords (written by {@link makeReceipt}).
 * @param keywords the PDF's keywords string (pdf-lib joins them with spaces)
 * @returns the record id and hashes, or null when the keywords are not a receipt's (another PDF, or a receipt made
 *   before receipts carried them)
 */
export function readReceiptKeywords(
  keywords: string | undefined,
): { recordId: string; textHash: string; documentHash: string | null } | null {
  const words = (keywords ?? '').split(/\s+/u);
  const value = (prefix: string) => words.find((w) => w.startsWith(prefix))?.slice(prefix.length);
  const recordId = value(KEYWORD.record);
  const textHash = value(KEYWORD.text);
  if (recordId === undefined || textHash === undefined) return null;
  return { recordId, textHash, documentHash: value(KEYWORD.document) ?? null };
}

/**
 * Makes a signature receipt: the agreement itself (the step's PDF when it has one of ours, else its text) followed by
 * a signature page with the name typed, e-mail, how the person signed in, the date and time in UTC and in the
 * organisation's time zone, the content version, the SHA-256 of the document and of the text, and the record's id
 * (also in the PDF's keywords, for the admin's receipt check).
 * A receipt of a draft document says so: "DRAFT" across every page and a sentence on the signature page
 * (docs/product.md#placeholders).
 * @param input `record` (a signature or completion record), `step` as the content has it now (its text is printed
 *   only when the record's text hash still matches it), `document` the step's PDF bytes or null, `draft` whether the
 *   document agreed to is marked as a draft, `orgName`, `timeZone`
 * @returns the receipt's bytes
 */
export async function makeReceipt(input: {
  record: AcknowledgmentRow;
  step: Pick<Step, 'title' | 'content'> | null;
  stepTextMatches: boolean;
  document: Uint8Array | null;
  draft?: boolean;
  orgName: string;
  timeZone: string;
}): Promise<Uint8Array> {
  const { record } = input;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = await receiptFontFiles();
  const fonts = {
    regular: await pdf.embedFont(files.regular, { subset: true }),
    bold: await pdf.embedFont(files.bold, { subset: true }),
  };
  pdf.setTitle(`Signature receipt: ${drawable(fonts.regular, record.stepTitle)}`);
  pdf.setAuthor(input.orgName);
  pdf.setCreationDate(record.at);
  // Read back by the admin's receipt check (readReceiptKeywords).
  pdf.setKeywords(receiptKeywords(record));

  if (input.document) {
    const agreement = await PDFDocument.load(input.document, { ignoreEncryption: true });
    const pages = await pdf.copyPages(agreement, agreement.getPageIndices());
    for (const page of pages) pdf.addPage(page);
  } else if (input.step && input.stepTextMatches) {
    const text = new Writer(pdf, fonts);
    text.text(input.step.title, { size: 18, bold: true, gap: 12 });
    for (const detail of input.step.content.details) text.text(detail, { gap: 8 });
    for (const item of input.step.content.acknowledgments) text.text(`- ${item.content}`, { gap: 6 });
  }

  const page = new Writer(pdf, fonts);
  page.text(`${input.orgName}: signature receipt`, { size: 18, bold: true, gap: 14 });
  if (input.draft === true) page.text(DRAFT_RECEIPT_NOTICE, { bold: true, gap: 14 });
  const signer = record.signedName ?? record.email;
  // Word for word the sentence the person ticked in the signature dialog.
  page.text(`${signer} confirmed: "${agreementSentence(record.stepTitle)}"`, { gap: 14 });
  if (drawable(fonts.regular, signer) !== signer.replace(/\s+/g, ' ')) {
    page.text(
      `Some characters of this name cannot be printed on this receipt and show as "?". The record (id ${record.id}) keeps the name exactly as it was typed.`,
      { size: 9, gap: 10 },
    );
  }
  const rows: [string, string][] = [
    ['Name', signer],
    ['E-mail', record.email],
    ['Signed in with', record.signInMethod === 'google' ? 'Google (INSPIRED 2 UPLIFT account)' : 'Development sign-in'],
    ['Date and time (UTC)', receiptUtcTime(record.at)],
    [`Date and time (${input.timeZone})`, formatIn(record.at, input.timeZone)],
    ['Document', `${record.stepTitle}, version ${record.stepVersion}`],
  ];
  if (record.documentHash !== null) rows.push(['Document SHA-256', record.documentHash]);
  rows.push(['Text SHA-256', record.textHash], ['Record id', record.id]);
  for (const [label, value] of rows) {
    page.text(label, { size: 9, bold: true, gap: 0 });
    page.text(value, { size: 11, gap: 8 });
  }
  page.text('An administrator can check this receipt: the SHA-256 above matches the record kept for this signature.', {
    size: 9,
    gap: 0,
  });
  if (input.draft === true) for (const each of pdf.getPages()) stampDraft(each, fonts.bold);
  return pdf.save();
}
