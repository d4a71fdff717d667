import type { SignStepResponse } from '@shared/acknowledgments-api';
import type {
  AppConfig,
  DemoResponse,
  OnboardingResponse,
  ProgressImportResponse,
  RoleContent,
  SecretRefusal,
  SecretResponse,
  StepItemProgress,
  StepProgress,
  User,
} from '@shared/api';
import type { GoogleCallbackResponse } from '@shared/google-sign-in-api';
import type { MemberDueResponse } from '@shared/mail-api';
import type { TeamTaskList } from '@shared/team-tasks-api';

/**
 * Light checks of the API's answers on the member's path (docs/architecture.md#client-bundle). The server is the
 * validator of what it sends: every answer goes through the shared zod schema on the way out (src/shared/api.ts,
 * docs/architecture.md#layers), so the client does not ship zod (23 kB gzip) to parse it again. It only checks the
 * shape it relies on, so that an answer of another kind (an old server during a deploy, a proxy's page) gives the
 * "answer this page does not understand" error instead of a crash. The admin console, a lazy chunk, still parses with
 * the zod schemas themselves.
 */

/** What `apiRequest` needs of a decoder; a zod schema is one too. */
export interface Decoder<T> {
  safeParse(json: unknown): { success: true; data: T } | { success: false };
}

/** Whether `value` is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);

/**
 * A decoder of objects for which `check` holds, returned as `T` after `normalize` (default: as they are).
 * @param check the shape the client relies on
 * @param normalize fills what the shared schema defaults (e.g. `items: []`)
 */
export function objectDecoder<T>(
  check: (value: Record<string, unknown>) => boolean,
  normalize: (value: Record<string, unknown>) => T = (value) => value as T,
): Decoder<T> {
  return {
    safeParse: (json) =>
      isRecord(json) && check(json) ? { success: true, data: normalize(json) } : { success: false },
  };
}

/** Whether `value` has the fields of a signed-in user (`userSchema`) the client uses. */
export function isUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.name) &&
    isString(value.email) &&
    isNullableString(value.picture) &&
    isString(value.role) &&
    isString(value.department) &&
    isBoolean(value.isDevelopmentUser) &&
    (value.roleText === undefined || isString(value.roleText))
  );
}

/** A JSON error of the API (`apiErrorSchema`): at least its `message`. */
export const apiErrorDecoder = objectDecoder<{ message: string; role?: string }>(
  (v) => isString(v.message) && (v.role === undefined || isString(v.role)),
);

/** GET /api/config */
export const appConfigDecoder = objectDecoder<AppConfig>(
  (v) =>
    isString(v.version) &&
    isString(v.supportEmail) &&
    isRecord(v.signIn) &&
    isBoolean(v.signIn.google) &&
    isRecord(v.dates) &&
    isString(v.dates.locale) &&
    isString(v.dates.timeZone),
);

/** GET /api/me, POST /api/auth/dev-login */
export const meResponseDecoder = objectDecoder<{ user: User }>((v) => isUser(v.user));

/** POST /api/auth/google/callback */
export const googleCallbackResponseDecoder = objectDecoder<GoogleCallbackResponse>(
  (v) => isUser(v.user) && isString(v.returnTo),
);

/** GET /api/onboarding: the role, the address of its content and the progress; fills the schema's defaults. */
export const onboardingResponseDecoder = objectDecoder<OnboardingResponse>(
  (v) =>
    isString(v.appVersion) &&
    isRecord(v.role) &&
    isString(v.content) &&
    isRecord(v.progress) &&
    Array.isArray(v.progress.completed),
  (v) => {
    const progress = v.progress as Record<string, unknown>;
    const adjustments = v.adjustments;
    return {
      ...v,
      adjustments: isRecord(adjustments)
        ? {
            skipped: Array.isArray(adjustments.skipped) ? adjustments.skipped : [],
            extraScope: isRecord(adjustments.extraScope) ? adjustments.extraScope : null,
          }
        : undefined,
      progress: {
        ...progress,
        items: Array.isArray(progress.items) ? progress.items : [],
        agreements: Array.isArray(progress.agreements) ? progress.agreements : [],
      },
      preview: v.preview === true,
      canPreviewRoles: v.canPreviewRoles === true,
      previewRoles: Array.isArray(v.previewRoles) ? v.previewRoles : [],
      people: Array.isArray(v.people) ? v.people : [],
    } as OnboardingResponse;
  },
);

/** GET /api/content/roles/:roleKey/:version: a role's scopes and steps. */
export const roleContentDecoder = objectDecoder<RoleContent>((v) => Array.isArray(v.scopes));

const TEAM_TASK_STATUSES: readonly unknown[] = ['open', 'done', 'closed'];

/**
 * GET /api/team-tasks/mine (every page's header asks for it: the 'My tasks' link) and GET
 * /api/team-tasks/newcomers/:email: today and the tasks, each with the fields the lists rely on.
 */
export const teamTaskListDecoder = objectDecoder<TeamTaskList>(
  (v) =>
    isString(v.today) &&
    Array.isArray(v.tasks) &&
    v.tasks.every(
      (task) =>
        isRecord(task) &&
        isString(task.id) &&
        isString(task.title) &&
        isString(task.dueOn) &&
        TEAM_TASK_STATUSES.includes(task.status) &&
        isBoolean(task.overdue) &&
        isRecord(task.newcomer) &&
        isString(task.newcomer.email) &&
        isString(task.newcomer.name),
    ),
);

/** GET /api/demo */
export const demoResponseDecoder = objectDecoder<DemoResponse>(
  (v) => isString(v.appVersion) && isRecord(v.role) && Array.isArray(v.scopes),
);

const isStepProgress = (v: unknown): v is StepProgress =>
  isRecord(v) &&
  isString(v.stepId) &&
  isBoolean(v.completed) &&
  (v.completedAt === undefined || isNullableString(v.completedAt));

/** PUT /api/progress/steps/:stepId */
export const stepProgressDecoder = objectDecoder<StepProgress>(isStepProgress);

/** POST /api/progress/import */
export const progressImportDecoder = objectDecoder<ProgressImportResponse>(
  (v) => Array.isArray(v.imported) && Array.isArray(v.skipped),
);

/** PUT /api/progress/steps/:stepId/items/:itemId */
export const stepItemProgressDecoder = objectDecoder<StepItemProgress>(
  (v) =>
    isString(v.stepId) &&
    isString(v.itemId) &&
    isBoolean(v.done) &&
    isNullableString(v.doneAt) &&
    isStepProgress(v.step),
);

/** GET /api/secrets/:stepId (200) */
export const secretResponseDecoder = objectDecoder<SecretResponse>((v) => isNullableString(v.value));

const SECRET_REFUSAL_REASONS: readonly unknown[] = ['not-signed-in', 'role-mismatch', 'development'];

/** GET /api/secrets/:stepId (401 / 403 with a reason) */
export const secretRefusalDecoder = objectDecoder<SecretRefusal>(
  (v) => isString(v.message) && SECRET_REFUSAL_REASONS.includes(v.reason),
);

/** POST /api/acknowledgments/steps/:stepId/signature: the record and the step's completion. */
export const signStepResponseDecoder = objectDecoder<SignStepResponse>(
  (v) => isRecord(v.acknowledgment) && isString(v.acknowledgment.id) && isStepProgress(v.step),
);

/** GET /api/onboarding/due: today, the start day, and each step's due date with days late. */
export const memberDueDecoder = objectDecoder<MemberDueResponse>(
  (v) =>
    isString(v.today) &&
    isString(v.startOn) &&
    Array.isArray(v.steps) &&
    v.steps.every((s) => isRecord(s) && isString(s.stepId) && isString(s.dueOn) && typeof s.daysLate === 'number'),
);
