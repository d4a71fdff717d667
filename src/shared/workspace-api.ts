import { z } from 'zod';

/**
 * A member's Google Workspace account (docs/product.md#google-workspace-accounts), admins only (401 without a session,
 * 403 for anyone else):
 *
 * - GET /api/admin/members/:email/workspace-account → {@link workspaceAccountViewSchema}: whether the app may create
 *   accounts, the account the app made, and otherwise a proposal (names, org unit, whether the address is free).
 * - POST /api/admin/members/:email/workspace-account `{ givenName, familyName }` → {@link createdAccountSchema}; 409
 *   when the address is taken in Google Workspace, or the account is being created or was created already; 503 when
 *   Google is busy or cannot be reached, 502 when it refused (the message says what to do); 404 unknown member.
 * - PUT /api/admin/members/:email/workspace-suspension `{ dueOn }` → {@link workspaceJobSchema}: suspends the account
 *   at the start of that day (a pending suspension moves); DELETE → cancels the pending one (409 when it was done).
 * - GET /api/admin/workspace/org-units → {@link orgUnitMappingSchema}; PUT the same shape → replaces it (audited).
 */

/** Google's limit on each name (given, family): 60 characters. */
export const MAX_NAME_LENGTH = 60;

const nameSchema = (which: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Write the ${which}.` })
    .max(MAX_NAME_LENGTH, { error: `The ${which} can be at most ${MAX_NAME_LENGTH} characters.` })
    .refine((v) => !/[<>=]/u.test(v), { error: `The ${which} cannot contain <, > or =.` });

/** POST /api/admin/members/:email/workspace-account. */
export const createAccountBodySchema = z
  .object({ givenName: nameSchema('first name'), familyName: nameSchema('last name') })
  .strict();
export type CreateAccountBody = z.input<typeof createAccountBodySchema>;

/** The account the app created, or the state of its creation. */
export const workspaceAccountSchema = z.object({
  state: z.enum(['creating', 'created', 'failed']),
  primaryEmail: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  orgUnitPath: z.string(),
  /** Where the temporary password went, once created. */
  passwordDelivery: z.enum(['private-email', 'shown']).nullable(),
  /** Why the last attempt failed, when it did. */
  lastError: z.string().nullable(),
  /** ISO time of the last change. */
  updatedAt: z.string(),
});
export type WorkspaceAccount = z.infer<typeof workspaceAccountSchema>;

/** A planned change of the account: today the suspension on the leaving date. */
export const workspaceJobSchema = z.object({
  kind: z.enum(['suspend']),
  /** The day it is due (YYYY-MM-DD). */
  dueOn: z.string(),
  status: z.enum(['pending', 'done', 'failed', 'cancelled']),
  attempts: z.number().int(),
  /** What happened, in words (Google's error, or what was done); null before the first attempt. */
  outcome: z.string().nullable(),
  /** ISO time it was done. */
  doneAt: z.string().nullable(),
  /** ISO time of the next attempt, while pending. */
  nextAttemptAt: z.string().nullable(),
});
export type WorkspaceJob = z.infer<typeof workspaceJobSchema>;

/** PUT /api/admin/members/:email/workspace-suspension: the day to suspend the account (the leaving date). */
export const suspensionBodySchema = z.object({ dueOn: z.iso.date({ error: 'Enter the day as YYYY-MM-DD.' }) }).strict();
export type SuspensionBody = z.input<typeof suspensionBodySchema>;

/** GET /api/admin/members/:email/workspace-account. */
export const workspaceAccountViewSchema = z.object({
  /** Whether the app may create accounts (the directory is connected and writing is on). */
  writing: z.boolean(),
  account: workspaceAccountSchema.nullable(),
  /** The latest planned suspension of the member's account, with its outcome. */
  suspension: workspaceJobSchema.nullable(),
  /** What the form proposes, when no account was created yet and writing is on. */
  proposal: z
    .object({
      primaryEmail: z.string(),
      givenName: z.string(),
      familyName: z.string(),
      orgUnitPath: z.string(),
      /** Whether the address is free in Google Workspace ('unknown' when Google could not be asked). */
      address: z.enum(['free', 'taken', 'unknown']),
      /** Whether the temporary password can go to the member's private e-mail address. */
      hasPrivateEmail: z.boolean(),
    })
    .nullable(),
});
export type WorkspaceAccountView = z.infer<typeof workspaceAccountViewSchema>;

/** The answer of a creation: the account, and the temporary password when it is shown (once) to the admin. */
export const createdAccountSchema = z.object({
  account: workspaceAccountSchema,
  temporaryPassword: z.string().optional(),
});
export type CreatedAccount = z.infer<typeof createdAccountSchema>;

/** One row of the org unit mapping: a role and/or department (null: any) to an org unit path. */
export const orgUnitRuleSchema = z
  .object({
    roleKey: z.string().trim().min(1).max(100).nullable(),
    department: z.string().trim().min(1).max(100).nullable(),
    orgUnitPath: z
      .string()
      .trim()
      .regex(/^\/[^/]*(?:\/[^/]+)*$/u, { error: 'An org unit path starts with / (e.g. /Volunteers).' })
      .max(400),
  })
  .strict();
export type OrgUnitRule = z.infer<typeof orgUnitRuleSchema>;

/** GET and PUT /api/admin/workspace/org-units. */
export const orgUnitMappingSchema = z.object({ rules: z.array(orgUnitRuleSchema).max(200) }).strict();
export type OrgUnitMapping = z.infer<typeof orgUnitMappingSchema>;

/**
 * One row of the groups mapping (docs/product.md#google-workspace-groups): members of a role and/or department (null:
 * any) belong in a Google Group. Every matching row adds its group.
 */
export const groupRuleSchema = z
  .object({
    roleKey: z.string().trim().min(1).max(100).nullable(),
    department: z.string().trim().min(1).max(100).nullable(),
    /** Kept in lower case. */
    groupEmail: z.email({ error: "Write the group's address, e.g. volunteers@inspired2uplift.org." }).max(320),
  })
  .strict();
export type GroupRule = z.infer<typeof groupRuleSchema>;

/** GET and PUT /api/admin/workspace/groups. */
export const groupMappingSchema = z.object({ rules: z.array(groupRuleSchema).max(200) }).strict();
export type GroupMapping = z.infer<typeof groupMappingSchema>;

/**
 * GET /api/admin/members/:email/workspace-groups: what the member's account needs, to show before anything changes
 * ("Will add to volunteers@…, remove from finance@…").
 */
export const groupsPreviewSchema = z.object({
  add: z.array(z.string()),
  remove: z.array(z.string()),
  /** The mapped groups the account is in now. */
  current: z.array(z.string()),
  /** Groups the mapping names that Google does not have (never created by the app). */
  missingGroups: z.array(z.string()),
});
export type GroupsPreview = z.infer<typeof groupsPreviewSchema>;

/** POST /api/admin/members/:email/workspace-groups: the changes shown, confirmed. */
export const applyGroupsBodySchema = z
  .object({ add: z.array(z.email()).max(200), remove: z.array(z.email()).max(200) })
  .strict();
export type ApplyGroupsBody = z.input<typeof applyGroupsBodySchema>;

/** The answer of POST /api/admin/members/:email/workspace-groups. */
export const appliedGroupsSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  failed: z.array(z.object({ group: z.string(), words: z.string() })),
});

/** One difference the nightly check found between Google and the mapping. */
export const groupDifferenceSchema = z.object({
  group: z.string(),
  /** The member's address; null when the group itself is missing in Google. */
  email: z.string().nullable(),
  /** 'missing': the mapping says they belong in it and they are not; 'extra': in it, but the mapping says not. */
  difference: z.enum(['missing', 'extra', 'no-group']),
});
export type GroupDifference = z.infer<typeof groupDifferenceSchema>;

/** GET /api/admin/workspace/groups-check: the latest nightly check, or null before the first. */
export const groupsCheckSchema = z.object({
  checkedAt: z.string(),
  groups: z.number().int(),
  differences: z.array(groupDifferenceSchema),
  /** Differences beyond those kept. */
  more: z.number().int(),
});
export type GroupsCheck = z.infer<typeof groupsCheckSchema>;
