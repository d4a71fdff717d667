import { z } from 'zod';
import { stableIdSchema, stepSchema, type Step } from './content-schema.js';
import { withoutSkippedSteps } from './onboarding-join.js';
import type { ResolvedRole, ResolvedScope } from './roles.js';

/**
 * Per-person adjustments (docs/product.md#per-person-adjustments): an admin adds an extra step to one member, or skips
 * a step of their role for them with a reason. The member's steps are their role's steps without the skipped ones,
 * then the extra steps in a scope of their own; the percentage, the current step, reminders and insights all count
 * these steps.
 */

/** What the rules need of one adjustment (a row of `member_step_adjustments`). */
export interface StepAdjustmentRule {
  kind: 'extra' | 'skip';
  /** The extra step's own id, or the id of the role step skipped. */
  stepId: string;
  /** An extra step's title and description (null for a skip). */
  title: string | null;
  description: string | null;
  /** An extra step's days after the start date to be done by (null: no due date, and always for a skip). */
  dueAfterDays: number | null;
}

/** The id of the scope that holds a member's extra steps, after the scopes of their role. */
export const EXTRA_STEPS_SCOPE_ID = 'just-for-you';

/** The title of that scope, as the dashboard shows it. */
export const EXTRA_STEPS_SCOPE_TITLE = 'Just for you';

/** Extra step ids: 'extra-' and 12 hexadecimal digits, never the id of a content step (content ids are chosen words). */
export const EXTRA_STEP_ID_PATTERN = /^extra-[0-9a-f]{12}$/;

/**
 * A new extra step's id.
 * @param random 12 hexadecimal digits (the server draws them)
 * @returns `extra-<random>`
 */
export function extraStepId(random: string): string {
  return `extra-${random}`;
}

/**
 * The step an extra step is shown as: a plain step with the admin's title and description.
 * @param adjustment an 'extra' adjustment
 * @returns a step of the content schema (its defaults filled in)
 */
export function extraStep(adjustment: StepAdjustmentRule): Step {
  return stepSchema.parse({
    id: adjustment.stepId,
    title: adjustment.title ?? adjustment.stepId,
    description: adjustment.description ?? adjustment.title ?? adjustment.stepId,
    icon: 'ListChecks',
    category: 'Internal',
    ...(adjustment.dueAfterDays === null ? {} : { dueAfterDays: adjustment.dueAfterDays }),
  });
}

/**
 * A member's scopes after their adjustments (docs/product.md#per-person-adjustments): skipped steps removed (a scope
 * left with no step is left out), then the extra steps, in the order given, in a last scope
 * {@link EXTRA_STEPS_SCOPE_TITLE}.
 * @param scopes the resolved role's scopes, in order
 * @param adjustments the member's adjustments, oldest first
 * @returns new scopes; the same array when there are no adjustments
 */
export function adjustScopes(
  scopes: readonly ResolvedScope[],
  adjustments: readonly StepAdjustmentRule[],
): readonly ResolvedScope[] {
  if (adjustments.length === 0) return scopes;
  const skipped = new Set(adjustments.filter((a) => a.kind === 'skip').map((a) => a.stepId));
  const kept = withoutSkippedSteps(scopes, skipped);
  const extras = adjustments.filter((a) => a.kind === 'extra').map(extraStep);
  if (extras.length === 0) return kept;
  return [
    ...kept,
    {
      id: EXTRA_STEPS_SCOPE_ID,
      title: EXTRA_STEPS_SCOPE_TITLE,
      description: 'Steps added for you alone.',
      steps: extras,
    },
  ];
}

const adjusted = new WeakMap<ResolvedRole, WeakMap<readonly StepAdjustmentRule[], ResolvedRole>>();

/**
 * A member's role after their adjustments ({@link adjustScopes}), made once per role and adjustments list (both are
 * kept frozen by the server, and replaced when they change), so that answers cached by role stay cached.
 * @param role the resolved role
 * @param adjustments the member's adjustments, oldest first (the same array object while they do not change)
 * @returns the same role when there are none; otherwise the role with adjusted scopes
 */
export function adjustRole(role: ResolvedRole, adjustments: readonly StepAdjustmentRule[]): ResolvedRole {
  if (adjustments.length === 0) return role;
  let byList = adjusted.get(role);
  if (byList === undefined) {
    byList = new WeakMap();
    adjusted.set(role, byList);
  }
  let result = byList.get(adjustments);
  if (result === undefined) {
    result = Object.freeze({ ...role, scopes: [...adjustScopes(role.scopes, adjustments)] });
    byList.set(adjustments, result);
  }
  return result;
}

/** One adjustment as the admin's member page shows it. */
export const stepAdjustmentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['extra', 'skip']),
  stepId: z.string(),
  /** An extra step's title, or the title of the step skipped (its id when the content no longer has it). */
  title: z.string(),
  description: z.string().nullable(),
  dueAfterDays: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** Who made it (an e-mail address). */
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
});
export type StepAdjustment = z.infer<typeof stepAdjustmentSchema>;

/**
 * POST /api/admin/members/:email/adjustments: an extra step (title, description, optional days after the start date
 * to be done by) or a skipped step of the member's role with a reason.
 */
export const postAdjustmentBodySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('extra'),
      title: z.string().trim().min(1, 'Give the step a title.').max(200),
      description: z.string().trim().min(1, 'Say what the person should do.').max(4000),
      dueAfterDays: z
        .number()
        .int()
        .min(0, 'must be 0 or more days')
        .max(365, 'must be at most 365 days')
        .nullable()
        .optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('skip'),
      stepId: stableIdSchema,
      reason: z.string().trim().min(1, 'Say why this step is skipped.').max(1000),
    })
    .strict(),
]);
export type PostAdjustmentBody = z.infer<typeof postAdjustmentBodySchema>;

/** DELETE /api/admin/members/:email/adjustments/:id: undoes one adjustment. */
export const adjustmentParamsSchema = z.object({ email: z.string().trim().min(3).max(254), id: z.uuid() });
