import { readFile } from 'node:fs/promises';
import path from 'node:path';
import canonicalize from 'canonicalize';
import { byHashOf } from '../../content/load-content.js';
import type { Database } from '../../db/client.js';
import { readAsset } from '../../content/content.repository.js';
import { sha256Hex } from '../../hashing.js';
import type { Step } from '../../../shared/content-schema.js';

/** The parts of a step whose text a member agrees to. */
export type AgreedText = Pick<Step, 'title' | 'content'>;

/**
 * The canonical text of a step: RFC 8785 (JSON Canonicalization Scheme) JSON of its title, details and acknowledgment
 * items (id and text). The same content always gives the same string, whatever the key order or the process.
 * @param step the step's title and content
 * @returns the canonical JSON string
 */
export function canonicalStepText(step: AgreedText): string {
  const text = canonicalize({
    title: step.title,
    details: step.content.details,
    items: step.content.acknowledgments.map((item) => ({ id: item.id, content: item.content })),
  });
  // canonicalize answers undefined only for undefined input or functions; the object above is neither.
  if (text === undefined) throw new Error('the step text could not be canonicalised');
  return text;
}

/** Hex SHA-256 of {@link canonicalStepText}: the version of a step's text a member agreed to. */
export function stepTextHash(step: AgreedText): string {
  return sha256Hex(canonicalStepText(step));
}

/**
 * The PDFs of the content: `pdfUrl` paths under /content/ (files of `<CONTENT_DIR>/assets`, which do not change while
 * the server runs) and `/assets/content/by-hash/<sha256>` (files stored in the database, immutable by their hash):
 * their bytes and SHA-256, read once per address.
 */
export class ContentDocuments {
  readonly #assetsDir: string;
  readonly #db: Database | undefined;
  readonly #read = new Map<string, Promise<{ bytes: Uint8Array; sha256: string } | null>>();

  /**
   * @param assetsDir `<CONTENT_DIR>/assets`, served at /content/
   * @param db the database of stored files (without it, by-hash addresses have no document)
   */
  constructor(assetsDir: string, db?: Database) {
    this.#assetsDir = path.resolve(assetsDir);
    this.#db = db;
  }

  /**
   * The bytes and SHA-256 of a step's PDF.
   * @param pdfUrl the step's `pdfUrl`
   * @param db the database or transaction to read a stored file with (default: the constructor's); inside a
   *   transaction pass it, so the read does not wait for the transaction's own connection
   * @returns null for no URL, a URL outside /content/ (not ours to hash), or a file that cannot be read
   */
  document(pdfUrl: string | undefined, db?: Database): Promise<{ bytes: Uint8Array; sha256: string } | null> {
    const hash = pdfUrl === undefined ? undefined : byHashOf(pdfUrl);
    if (hash !== undefined) return this.#stored(hash, db ?? this.#db);
    if (pdfUrl === undefined || !pdfUrl.startsWith('/content/')) return Promise.resolve(null);
    const relative = decodeURIComponent(pdfUrl.slice('/content/'.length).split(/[?#]/)[0] ?? '');
    const file = path.resolve(this.#assetsDir, relative);
    if (!file.startsWith(this.#assetsDir + path.sep)) return Promise.resolve(null);
    let found = this.#read.get(file);
    if (!found) {
      found = readFile(file).then(
        (bytes) => ({ bytes: new Uint8Array(bytes), sha256: sha256Hex(bytes) }),
        () => null,
      );
      this.#read.set(file, found);
    }
    return found;
  }

  #stored(hash: string, db: Database | undefined): Promise<{ bytes: Uint8Array; sha256: string } | null> {
    if (hash === '' || db === undefined) return Promise.resolve(null);
    let found = this.#read.get(hash);
    if (!found) {
      found = readAsset(db, hash).then((asset) => (asset ? { bytes: asset.bytes, sha256: hash } : null));
      // A file not stored (yet) is asked for again next time.
      void found.then(
        (value) => {
          if (value === null) this.#read.delete(hash);
        },
        () => this.#read.delete(hash),
      );
      this.#read.set(hash, found);
    }
    return found;
  }
}
