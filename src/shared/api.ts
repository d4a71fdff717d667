import { z } from 'zod';
import { roleColorsSchema, stableIdSchema, stepSchema } from './content-schema.js';

/**
 * The HTTP API contract between the server and the client (DESIGN.md §1 "shared zod schemas are the API contract").
 * The server declares its routes with these schemas; the client parses every response with them.
 */

/**
 * Every 4xx/5xx answer of the API. `error` is the HTTP reason phrase, `message` says what was wrong and what to do.
 * `role` is set on a role configuration error (409 from GET /api/onboarding, SPEC §5 "Missing role configuration"):
 * the member's role, for the error page's "We couldn't find the configuration for role {role}.".
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  role: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** GET /api/health */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /api/config — public settings the login screen and footer need (SPEC §1, §9). */
export const appConfigSchema = z.object({
  appName: z.string(),
  version: z.string(),
  orgName: z.string(),
  supportEmail: z.string(),
  allowedDomain: z.string(),
  signIn: z.object({ google: z.boolean(), development: z.boolean() }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The signed-in user (SPEC §3 "Signed-in user", without the access token: DESIGN.md §3 keeps it off the client). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  role: z.string(),
  department: z.string(),
  workspaceId: z.string(),
  isDevelopmentUser: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/me and the answer of every sign-in. */
export const meResponseSchema = z.object({ user: userSchema });

/** POST /api/auth/dev-login body: the development identity (SPEC §4 "simulated development login"). */
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

/** GET /api/onboarding — the member's resolved role configuration, scopes and steps, and progress of record. */
export const onboardingResponseSchema = z.object({
  appVersion: z.string(),
  role: resolvedRoleSchema,
  scopes: z.array(resolvedScopeSchema),
  progress: z.object({
    /** Completed step ids that belong to this role, each with its ISO completion time. */
    completed: z.array(z.object({ stepId: z.string(), completedAt: z.string() })),
  }),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;

/** PUT /api/progress/steps/:stepId — idempotent: the body states the wanted state, never "toggle". */
export const stepIdParamsSchema = z.object({ stepId: stableIdSchema });
export const putStepProgressBodySchema = z.object({ completed: z.boolean() }).strict();
export type PutStepProgressBody = z.infer<typeof putStepProgressBodySchema>;
