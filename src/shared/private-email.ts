import { z } from 'zod';

/**
 * A member's private e-mail address (docs/product.md#private-e-mail-address): where mail goes before their Workspace
 * account works. Checked with the same e-mail validation as every other address of the app (zod's `z.email()`), and
 * never at the organisation's own domain (that address is the Workspace account itself).
 */

/** The longest address accepted (RFC 5321's path limit, as the member routes use). */
export const PRIVATE_EMAIL_MAX_LENGTH = 254;

const emailSchema = z.email().max(PRIVATE_EMAIL_MAX_LENGTH);

/**
 * Whether a text is an e-mail address by the app's e-mail validation.
 * @param text trimmed, any case
 */
export function isEmailAddress(text: string): boolean {
  return emailSchema.safeParse(text.toLowerCase()).success;
}

/**
 * What is wrong with a private e-mail address, in words an admin can act on.
 * @param address the address as typed (trimmed; any case)
 * @param allowedDomain the organisation's Workspace domain (ALLOWED_DOMAIN), lower case
 * @returns null when the address can be stored (lower case), else the message
 */
export function privateEmailProblem(address: string, allowedDomain: string): string | null {
  const text = address.trim().toLowerCase();
  if (!emailSchema.safeParse(text).success) return `"${address.trim()}" is not an e-mail address.`;
  if (text.slice(text.lastIndexOf('@') + 1) === allowedDomain.toLowerCase()) {
    return `The private e-mail address must be outside ${allowedDomain}: write the address the person uses today, not their new one.`;
  }
  return null;
}

/** PUT /api/admin/members/:email/private-email body: the address, or null to remove it. */
export const putPrivateEmailBodySchema = z
  .object({ privateEmail: z.string().trim().max(PRIVATE_EMAIL_MAX_LENGTH).nullable() })
  .strict();
export type PutPrivateEmailBody = z.input<typeof putPrivateEmailBodySchema>;

/** GET (and PUT) /api/admin/members/:email/private-email answer: the address (lower case), or null when none. */
export const privateEmailSchema = z.object({ email: z.string(), privateEmail: z.string().nullable() });
export type PrivateEmail = z.infer<typeof privateEmailSchema>;
