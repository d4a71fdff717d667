import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretsKeyError } from './secret-box.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how): AES-GCM decryption takes only a full 16-byte tag. GCM
 * itself accepts tags of 4 to 16 bytes, so a value written to the database with a shortened tag would be checked
 * against only those few bytes — 4 bytes are 2^32 guesses, not 2^128.
 */

const key = randomBytes(32);
const box = new SecretBox(key);

/** A value stored as the box stores it (IV ‖ tag ‖ ciphertext), but with its tag cut to `tagBytes`. */
function sealedWithTag(name: string, value: string, tagBytes: number) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), keyId: box.currentKeyId };
}

describe('SecretBox.open pins the GCM tag to 16 bytes', () => {
  it('opens what it sealed', () => {
    expect(box.open('HR_PASS', box.seal('HR_PASS', 'correct horse'))).toBe('correct horse');
  });

  it.each([4, 8, 12])('refuses a value whose tag is only %i bytes long', (tagBytes) => {
    // An empty value: the shortened tag sits where the box reads its tag, and nothing follows it.
    const forged = sealedWithTag('HR_PASS', '', tagBytes);
    expect(() => box.open('HR_PASS', forged)).toThrow(SecretsKeyError);
  });

  it('refuses a value too short to hold an IV and a tag', () => {
    expect(() =>
      box.open('HR_PASS', { ciphertext: randomBytes(20).toString('base64'), keyId: box.currentKeyId }),
    ).toThrow(SecretsKeyError);
  });
});
