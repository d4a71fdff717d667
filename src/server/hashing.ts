import { createHash } from 'node:crypto';

/**
 * Hex SHA-256 of bytes or a UTF-8 string (FIPS 180-4): the address of a stored file, the hash of an agreed text.
 * @param data the bytes, or a string hashed as UTF-8
 * @returns 64 lower-case hex digits
 */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}
