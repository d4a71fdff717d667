import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { extraStepId, type PostAdjustmentBody } from '../../../shared/adjustments.js';
import { resolveMemberRole } from '../../../shared/role-lookup.js';
import { RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';
import { announce, type Change } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { memberStepAdjustments, users } from '../../db/schema.js';
import { HttpError, notFound } from '../../http-errors.js';
import { recordAudit } from '../audit/index.js';
import { getMember } from '../members/index.js';

/** Who acts, for the audit log. */
export interface AdjustmentActor {
  actorUserId: string | null;
  actorEmail: string | null;
}

/** The change announcement of a person's adjustments: the read cache forgets them with the member record. */
const memberChange = (email: string): Change => ({ kind: MEMBER, email });
const MEMBER = 'member';

/** The 409 message of skipping a step that is skipped already. */
export const SKIPPED_ALREADY_MESSAGE = 'This step is skipped for this member already.';

/**
 * The 404 message of an address that is neither a user nor a member record.
 * @param email the address as given
 */
export const unknownMemberMessage = (email: string): string => `There is no member with the address ${email}.`;

/** The role text of a person (their member record's, else their user's), or undefined when the address is unknown. */
async function roleTextOf(db: Database, email: string): Promise<string | undefined> {
  const record = await getMember(db, email);
  if (record !== undefined) return record.role;
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return user?.role;
}

/**
 * Adds an adjustment to one person's steps (docs/product.md#per-person-adjustments): an extra step (its id drawn here)
 * or a skipped step of their role. Stored, audited as 'step-adjustment' and announced (the person's next request sees
 * their new steps; their percentage follows at the next read of the members table), in one transaction.
 * @param db the database
 * @param catalog the running content, to check that a skipped step is one of the person's role
 * @param email the person's address, lower case
 * @param body what to add (validated by `postAdjustmentBodySchema`)
 * @param actor the admin
 * @param at now
 * @returns the id of the new adjustment
 * @throws HttpError 404 for an unknown address; 400 when a skipped step is not a step of the person's role; 409
 *   {@link SKIPPED_ALREADY_MESSAGE}
 */
export async function addAdjustment(
  db: Database,
  catalog: RoleCatalog,
  email: string,
  body: PostAdjustmentBody,
  actor: AdjustmentActor,
  at: Date,
): Promise<string> {
  const roleText = await roleTextOf(db, email);
  if (roleText === undefined) throw notFound(unknownMemberMessage(email));
  let stepTitle: string | undefined;
  if (body.kind === 'skip') {
    let steps: { id: string; title: string }[] = [];
    try {
      steps = resolveMemberRole(catalog, roleText).role.scopes.flatMap((scope) => scope.steps);
    } catch (error) {
      if (!(error instanceof RoleConfigurationError)) throw error;
    }
    stepTitle = steps.find((step) => step.id === body.stepId)?.title;
    if (stepTitle === undefined) {
      throw new HttpError(400, `"${body.stepId}" is not a step of this member's role, so it cannot be skipped.`);
    }
  }
  const values = {
    kind: body.kind,
    ...(body.kind === 'extra'
      ? {
          stepId: extraStepId(randomBytes(6).toString('hex')),
          title: body.title,
          description: body.description,
          dueAfterDays: body.dueAfterDays ?? null,
          reason: null,
        }
      : { stepId: body.stepId, title: null, description: null, dueAfterDays: null, reason: body.reason }),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memberStepAdjustments)
      .values({ ...values, email, createdBy: actor.actorEmail ?? 'unknown', createdAt: at })
      .onConflictDoNothing()
      .returning({ id: memberStepAdjustments.id });
    if (row === undefined) throw new HttpError(409, SKIPPED_ALREADY_MESSAGE);
    await recordAudit(tx, {
      kind: 'step-adjustment',
      outcome: 'ok',
      ...actor,
      subject: email,
      reason: values.reason,
      details: {
        action: body.kind === 'extra' ? 'extra-step-added' : 'step-skipped',
        stepId: values.stepId,
        title: values.title ?? stepTitle ?? null,
        ...(values.dueAfterDays === null ? {} : { dueAfterDays: values.dueAfterDays }),
      },
      at,
    });
    await announce(tx, memberChange(email));
    return row.id;
  });
}

/**
 * Undoes one adjustment of a person (docs/product.md#per-person-adjustments): an extra step is no longer theirs (its
 * completion, if any, is kept but no longer counts), a skipped step is theirs again. Audited as 'step-adjustment'.
 * @param db the database
 * @param email the person's address, lower case
 * @param id the adjustment's id
 * @param actor the admin
 * @param at now
 * @throws HttpError 404 when the person has no such adjustment
 */
export async function removeAdjustment(
  db: Database,
  email: string,
  id: string,
  actor: AdjustmentActor,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(memberStepAdjustments)
      .where(and(eq(memberStepAdjustments.email, email), eq(memberStepAdjustments.id, id)))
      .returning();
    if (row === undefined) throw notFound(`${email} has no such adjustment (it may have been undone already).`);
    await recordAudit(tx, {
      kind: 'step-adjustment',
      outcome: 'ok',
      ...actor,
      subject: email,
      reason: null,
      details: {
        action: row.kind === 'extra' ? 'extra-step-removed' : 'skip-undone',
        stepId: row.stepId,
        title: row.title,
      },
      at,
    });
    await announce(tx, memberChange(email));
  });
}
