import { z } from 'zod';
import { agreementSchema } from './acknowledgments-api.js';
import { roleColorsSchema, stableIdSchema, stepSchema } from './content-schema.js';

/**
 * The HTTP API contract between the server and the client (docs/architecture.md#one-contract).
 * The server declares its routes with these schemas and sends every answer through them; the client only checks the
 * shape it relies on (src/client/lib/decoders.ts, docs/decisions/009-client-bundle-and-unavailable-database.md), except
 * the admin console, which parses with the admin schemas.
 */

/**
 * Every 4xx/5xx answer of the API. `error` is the HTTP reason phrase, `message` says what was wrong and what to do.
 * `role` is set on a role configuration error (409 from GET /api/onboarding, docs/product.md#error-page):
 * the member's role, for the error page's "We couldn't find the configuration for role {role}.".
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  role: z.string().optional(),
  /** Answers of a form or quiz that do not fit their questions: what to change, by field or question id. */
  problems: z.array(z.object({ fieldId: z.string().nullable(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** GET /api/health */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/**
 * GET /api/config — public settings the login screen and footer need (docs/product.md#login-screen,
 * docs/product.md#header-and-footer).
 */
export const appConfigSchema = z.object({
  appName: z.string(),
  version: z.string(),
  orgName: z.string(),
  supportEmail: z.string(),
  allowedDomain: z.string(),
  signIn: z.object({ google: z.boolean(), development: z.boolean() }),
  /** How dates and times are written (docs/product.md#dates-and-times): LOCALE and TIME_ZONE. */
  dates: z.object({ locale: z.string(), timeZone: z.string() }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/**
 * The signed-in user (docs/product.md#sign-in; no Google token ever reaches the client: docs/architecture.md#sessions).
 */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  role: z.string(),
  department: z.string(),
  workspaceId: z.string(),
  isDevelopmentUser: z.boolean(),
  /**
   * An admin (ADMIN_EMAILS, or a member record marked admin): the header shows the admin console
   * (docs/product.md#admin-area).
   */
  isAdmin: z.boolean().optional(),
  /**
   * The person's own role text when it is more than the key `role` (e.g. "Director of Finance and Operations" for
   * `finance`): the role badge shows it as the role display label.
   */
  roleText: z.string().optional(),
  /** The departments this person leads: they may read those departments' members in the admin console. */
  leadOf: z.array(z.string()).optional(),
  /** A content editor (the content studio only). */
  isEditor: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/me and the answer of every sign-in. */
export const meResponseSchema = z.object({ user: userSchema });

/** POST /api/auth/dev-login body: the development identity (the development sign-in of docs/product.md#sign-in). */
export const devLoginBodySchema = z
  .object({
    email: z.email().max(254).optional(),
    name: z.string().trim().min(1).max(120).optional(),
  })
  .strict();
export type DevLoginBody = z.infer<typeof devLoginBodySchema>;

export const resolvedScopeSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  steps: z.array(stepSchema),
});

export const resolvedRoleSchema = z.object({
  key: z.string(),
  displayName: z.string(),
  version: z.string(),
  icon: z.string(),
  colors: roleColorsSchema,
  isDepartment: z.boolean(),
  parentDepartment: z.string().nullable(),
});

/** One step's stored progress. `completedAt` is an ISO 8601 timestamp, null when not completed. */
export const stepProgressSchema = z.object({
  stepId: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export type StepProgress = z.infer<typeof stepProgressSchema>;

/** One ticked checklist item or acknowledged acknowledgment (docs/product.md#progress-rules), with its ISO time. */
export const itemProgressSchema = z.object({ stepId: z.string(), itemId: z.string(), doneAt: z.string() });
export type ItemProgress = z.infer<typeof itemProgressSchema>;

/** A role configuration a role preview may show (docs/product.md#role-preview). */
export const previewRoleSchema = z.object({ key: z.string(), displayName: z.string() });
export type PreviewRole = z.infer<typeof previewRoleSchema>;

/**
 * One of the member's own people on the 'Your People' step (docs/product.md#your-people): a lead of the member's
 * department or the member's buddy, from the member records. `name` and `picture` are those of the person's latest
 * sign-in (the address itself and no picture when they never signed in); `relations` says why they are listed, leads
 * first.
 */
export const personSchema = z.object({
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  relations: z.array(z.enum(['lead', 'buddy'])),
});
export type Person = z.infer<typeof personSchema>;

/**
 * GET /api/onboarding — the member's own onboarding: their role's summary, their progress of record and people, and
 * where the role's steps are (`content`, the address of GET /api/content/roles/:roleKey/:version, the same for every
 * member of the role while its content does not change; docs/architecture.md#role-content). The client shows the
 * role's scopes and steps from that answer, joined with this one (shared/onboarding-join.ts).
 */
export const onboardingResponseSchema = z.object({
  appVersion: z.string(),
  role: resolvedRoleSchema,
  /** The address of the role's content shown: `/api/content/roles/{key}/{version}`. */
  content: z.string(),
  /**
   * The member's own adjustments (docs/product.md#per-person-adjustments): the role's steps skipped for them, and the
   * scope of their extra steps (null when there are none). Left out when they have none, and in a role preview.
   */
  adjustments: z.object({ skipped: z.array(z.string()), extraScope: resolvedScopeSchema.nullable() }).optional(),
  progress: z.object({
    /** Completed step ids that belong to this role, each with its ISO completion time. */
    completed: z.array(z.object({ stepId: z.string(), completedAt: z.string() })),
    /** Ticked items of this role's checklist and acknowledgment steps, in step and item order. */
    items: z.array(itemProgressSchema).default([]),
    /** The member's latest agreement to each of this role's steps that asks for one, in step order. */
    agreements: z.array(agreementSchema).default([]),
  }),
  /** True when this answers a role preview (`?previewRole=`): the steps of that role, read-only. */
  preview: z.boolean().default(false),
  /** Whether the member may preview other roles: on a local development host, or an admin (ADMIN_EMAILS). */
  canPreviewRoles: z.boolean().default(false),
  /** The roles a preview may show, by display name; empty when `canPreviewRoles` is false. */
  previewRoles: z.array(previewRoleSchema).default([]),
  /**
   * The member's own lead(s) and buddy (docs/product.md#your-people), shown on 'Your People' steps above the content's
   * contacts: lead(s) first, then the buddy; nobody who left, never the member. Empty in a role preview.
   */
  people: z.array(personSchema).default([]),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;

/**
 * GET /api/content/roles/:roleKey/:version — a role's scopes and steps as every member of the role sees them (quizzes
 * without their answer key), before anyone's adjustments (docs/architecture.md#role-content). `version` is the
 * content's own fingerprint: it changes when the role's steps change, so an address always means the same content.
 */
export const roleContentSchema = z.object({ scopes: z.array(resolvedScopeSchema) });
export type RoleContent = z.infer<typeof roleContentSchema>;

/** The path parameters of GET /api/content/roles/:roleKey/:version. */
export const roleContentParamsSchema = z.object({
  roleKey: z.string().min(1).max(80),
  version: z.string().min(1).max(64),
});

/** PUT /api/progress/steps/:stepId — idempotent: the body states the wanted state, never "toggle". */
export const stepIdParamsSchema = z.object({ stepId: stableIdSchema });
/** `version`: the step's content version the member read (see the step's `version`); another version answers 409. */
export const putStepProgressBodySchema = z
  .object({ completed: z.boolean(), version: z.number().int().min(1).optional() })
  .strict();
export type PutStepProgressBody = z.infer<typeof putStepProgressBodySchema>;

/**
 * GET /api/onboarding query: `previewRole` (a role configuration key, any case) shows that role's steps instead of the
 * member's own — only to members who may preview roles (else 403); the member's real role and progress never change.
 */
export const onboardingQuerySchema = z.object({ previewRole: z.string().trim().min(1).max(80).optional() });

/**
 * Query of the progress writes. A client that previews a role sends the previewed role as `previewRole`; the server
 * then refuses the write with 409, because a preview never changes the member's progress of record.
 */
export const progressWriteQuerySchema = z.object({ previewRole: z.string().max(80).optional() });

/**
 * POST /api/progress/import — the progress the app's earlier, browser-only version kept in this browser, imported once
 * per member (docs/product.md#progress-rules). `stepIds`: the steps it kept, by stable id.
 */
export const postProgressImportBodySchema = z.object({ stepIds: z.array(stableIdSchema).max(500) }).strict();
export type PostProgressImportBody = z.infer<typeof postProgressImportBodySchema>;

/**
 * Why an import left a step as it was: `needs-agreement` (a step that asks the member to read, agree or sign is
 * completed only by doing it on the page), `items-not-done` (a checklist step with items not ticked),
 * `needs-answers` (a form or quiz step completes only by sending or passing it), `already-completed`, or
 * `not-your-step` (not a step of the member's role).
 */
export const progressImportSkipReasonSchema = z.enum([
  'needs-agreement',
  'needs-answers',
  'items-not-done',
  'already-completed',
  'not-your-step',
]);

/** The answer of POST /api/progress/import: the steps it completed and the ones it left, each with why. */
export const progressImportResponseSchema = z.object({
  imported: z.array(z.string()),
  skipped: z.array(z.object({ stepId: z.string(), reason: progressImportSkipReasonSchema })),
});
export type ProgressImportResponse = z.infer<typeof progressImportResponseSchema>;

/** PUT /api/progress/steps/:stepId/items/:itemId — idempotent: the body states whether the item is ticked. */
export const stepItemParamsSchema = z.object({ stepId: stableIdSchema, itemId: stableIdSchema });
export const putStepItemBodySchema = z
  .object({ done: z.boolean(), version: z.number().int().min(1).optional() })
  .strict();
export type PutStepItemBody = z.infer<typeof putStepItemBodySchema>;

/**
 * The answer of PUT /api/progress/steps/:stepId/items/:itemId: the item's state, and the step's completion as the
 * server decided it (ticking the last item completes the step, unticking one un-completes it;
 * docs/product.md#progress-rules).
 */
export const stepItemProgressSchema = z.object({
  stepId: z.string(),
  itemId: z.string(),
  done: z.boolean(),
  /** ISO time the item was first ticked; null when not ticked. */
  doneAt: z.string().nullable(),
  step: stepProgressSchema,
});
export type StepItemProgress = z.infer<typeof stepItemProgressSchema>;

/**
 * GET /api/demo — public: the test role's first scope for the demo page (docs/product.md#demo-page). No progress:
 * the demo keeps it in the browser.
 */
export const demoResponseSchema = z.object({
  appVersion: z.string(),
  role: resolvedRoleSchema,
  scopes: z.array(resolvedScopeSchema),
});
export type DemoResponse = z.infer<typeof demoResponseSchema>;

/**
 * GET /api/secrets/:stepId — a shared-password step's password (docs/product.md#shared-passwords).
 *. Sent with `Cache-Control: no-store`. `value` is null when the member may see it but the
 * server has no such secret set (the client keeps the placeholder); `reason` is then 'not-set'.
 */
export const secretResponseSchema = z.object({
  value: z.string().nullable(),
  reason: z.literal('not-set').optional(),
  /**
   * Set when an admin changed the password after this member last saw it: the day it changed, as the organisation
   * writes dates ('3 Dec'); the client shows "This password changed on 3 Dec".
   */
  changedOn: z.string().optional(),
});
export type SecretResponse = z.infer<typeof secretResponseSchema>;

/**
 * Why a password was withheld (shared/secret-access.ts `SecretRefusalReason`); the client shows the refusal tooltips of
 * docs/product.md#shared-passwords.
 */
export const secretRefusalReasonSchema = z.enum(['not-signed-in', 'role-mismatch', 'development']);

/** The 401 / 403 answer of GET /api/secrets/:stepId: an API error with the refusal reason. */
export const secretRefusalSchema = apiErrorSchema.extend({ reason: secretRefusalReasonSchema });
export type SecretRefusal = z.infer<typeof secretRefusalSchema>;

/** GET /api/secrets/:stepId query: a client that shows a role preview sends `previewRole`; previews never see secrets. */
export const secretQuerySchema = z.object({ previewRole: z.string().max(80).optional() }).strict();
