import { z } from 'zod';

/**
 * What the periodic read of the Google Workspace directory found (docs/product.md#who-left-in-google-workspace), admins
 * only (401 without a session, 403 for anyone else):
 *
 * - GET /api/admin/workspace/directory → {@link directoryFindingsSchema}: members whose Google account is suspended or
 *   deleted (to mark as left), and accounts of the domain that are not members yet (to invite).
 * - POST /api/admin/workspace/directory/read → reads the directory now, then answers as the GET; 409 when no
 *   directory is configured, 503 when Google is busy or cannot be reached, 502 when it refused (the message says what
 *   to do).
 * - GET /api/admin/members/:email/directory → {@link memberDirectoryStateSchema}: the member's account as last read.
 */

/** What became of an account in Google Workspace: suspended, or deleted (Google lists a deleted one for 20 days). */
export const goneStateSchema = z.enum(['suspended', 'deleted']);
export type GoneState = z.infer<typeof goneStateSchema>;

/** A member (not marked as left) whose Google account is suspended or deleted. */
export const leftInGoogleSchema = z.object({
  email: z.string(),
  /** The name the app knows (their sign-in), else Google's. */
  name: z.string(),
  department: z.string(),
  state: goneStateSchema,
  /** ISO time Google suspended or deleted it, or when the read first found it so. */
  since: z.string(),
  /**
   * The day to mark them as having left (YYYY-MM-DD): the day of `since` in the organisation's time zone, today at the
   * latest.
   */
  leftOn: z.iso.date(),
});
export type LeftInGoogle = z.infer<typeof leftInGoogleSchema>;

/** An active account of the domain with no member record and no sign-in yet. */
export const notMemberSchema = z.object({
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
});
export type NotMember = z.infer<typeof notMemberSchema>;

/** The last read of the directory. */
export const directoryReadSchema = z.object({
  /** ISO time it finished (or failed). */
  at: z.string(),
  ok: z.boolean(),
  /** Why it failed, in words, when it did. */
  problem: z.string().nullable(),
  /** How many accounts it found (active, suspended and recently deleted). */
  accounts: z.number().int(),
});

export const directoryFindingsSchema = z.object({
  /** Whether a directory is configured (GOOGLE_SERVICE_ACCOUNT_KEY_FILE): without one there is nothing to read. */
  configured: z.boolean(),
  lastRead: directoryReadSchema.nullable(),
  leftInGoogle: z.array(leftInGoogleSchema),
  notMembers: z.array(notMemberSchema),
});
export type DirectoryFindings = z.infer<typeof directoryFindingsSchema>;

/** A member's account as the last read found it: null when it is active, unknown to Google, or never read. */
export const memberDirectoryStateSchema = z.object({
  leftInGoogle: leftInGoogleSchema.nullable(),
});
export type MemberDirectoryState = z.infer<typeof memberDirectoryStateSchema>;
