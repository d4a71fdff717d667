import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

const REDACTED = '[Redacted]';

/** Why stored shared passwords cannot be read with the configured keys (start-up refuses to go on). */
export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError';
}

/** A key as SECRETS_KEY gives it: 32 bytes in base64 (`openssl rand -base64 32`). */
export function parseSecretsKey(text: string): Buffer | undefined {
  const key = Buffer.from(text.trim(), 'base64');
  return key.length === 32 ? key : undefined;
}

/** The short fingerprint stored next to each value to say which key encrypted it (never the key). */
/** AES-GCM's IV and tag lengths in bytes (NIST SP 800-38D): the tag is always the full 128 bits, never shorter. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyIdOf = (key: Buffer): string =>
  createHash('sha256').update('onboarding-secrets-key-id\0').update(key).digest('hex').slice(0, 16);

/** One encrypted value as stored: base64 of 12-byte IV ‖ 16-byte GCM tag ‖ ciphertext, and the key's fingerprint. */
export interface SealedValue {
  ciphertext: string;
  keyId: string;
}

/**
 * AES-256-GCM (node:crypto) under SECRETS_KEY, with SECRETS_KEY_PREVIOUS for reading values stored before a key
 * rotation. Each value gets a fresh random 96-bit IV; the value's name is bound in as additional authenticated data,
 * so a ciphertext copied to another name does not decrypt. The keys never serialise (JSON, util.inspect, strings show
 * `[Redacted]`).
 */
export class SecretBox {
  readonly #current: Buffer;
  readonly #previous: Buffer | undefined;
  /** Fingerprint of the current key. */
  readonly currentKeyId: string;
  /** Fingerprint of the previous key, if one is configured. */
  readonly previousKeyId: string | undefined;

  /**
   * @param current the 32-byte current key
   * @param previous the 32-byte key before the last rotation, if any
   */
  constructor(current: Buffer, previous?: Buffer) {
    this.#current = current;
    this.#previous = previous;
    this.currentKeyId = keyIdOf(current);
    this.previousKeyId = previous === undefined ? undefined : keyIdOf(previous);
  }

  /**
   * Encrypts a value under the current key.
   * @param name the value's name (authenticated, not encrypted)
   * @param value the clear text
   */
  seal(name: string, value: string): SealedValue {
    const { bytes, keyId } = this.sealBytes(name, Buffer.from(value, 'utf8'));
    return { ciphertext: Buffer.from(bytes).toString('base64'), keyId };
  }

  /**
   * Encrypts bytes (an uploaded file) under the current key, as {@link seal} does text.
   * @param name the value's name (authenticated, not encrypted)
   * @param value the clear bytes
   * @returns 12-byte IV ‖ 16-byte GCM tag ‖ ciphertext, and the key's fingerprint
   */
  sealBytes(name: string, value: Uint8Array): { bytes: Uint8Array; keyId: string } {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(name, 'utf8'));
    const body = Buffer.concat([cipher.update(value), cipher.final()]);
    return { bytes: Buffer.concat([iv, cipher.getAuthTag(), body]), keyId: this.currentKeyId };
  }

  /**
   * Decrypts a stored value with the key its fingerprint names (current or previous).
   * @param name the value's name, as given to {@link seal}
   * @param sealed the stored ciphertext and key fingerprint
   * @param label what the value is, in the error messages (default "shared password <name>")
   * @throws SecretsKeyError when neither configured key is the one it was stored under, or it does not authenticate
   */
  open(name: string, sealed: SealedValue, label = `shared password ${name}`): string {
    return this.openBytes(name, Buffer.from(sealed.ciphertext, 'base64'), sealed.keyId, label).toString('utf8');
  }

  /**
   * Decrypts bytes sealed by {@link sealBytes}.
   * @param name the value's name, as given to {@link sealBytes}
   * @param raw IV ‖ tag ‖ ciphertext
   * @param keyId the fingerprint of the key it was sealed under
   * @param label what the value is, in the error messages
   * @throws SecretsKeyError when neither configured key is the one it was stored under, or it does not authenticate
   */
  openBytes(name: string, raw: Uint8Array, keyId: string, label: string): Buffer {
    const key = keyId === this.currentKeyId ? this.#current : keyId === this.previousKeyId ? this.#previous : undefined;
    if (key === undefined) {
      throw new SecretsKeyError(
        `The ${label} was stored under another key than SECRETS_KEY` +
          `${this.#previous ? ' or SECRETS_KEY_PREVIOUS' : ''}. Set SECRETS_KEY to the key it was stored with ` +
          '(or, while rotating keys, SECRETS_KEY to the new key and SECRETS_KEY_PREVIOUS to the old one).',
      );
    }
    try {
      // A stored value too short for a full tag would otherwise be checked against the few tag bytes it has (GCM
      // accepts 4- to 16-byte tags): authTagLength pins the tag to 16 bytes, so a shortened one never authenticates.
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SecretsKeyError(
        `The stored ${label} could not be decrypted: it was changed or damaged in the database.`,
      );
    }
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return `SecretBox(${REDACTED})`;
  }
}
