import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Agreement } from '../../../shared/acknowledgments-api.js';
import {
  type ItemProgress,
  onboardingQuerySchema,
  onboardingResponseSchema,
  type OnboardingResponse,
  type Person,
} from '../../../shared/api.js';
import { adjustScopes, EXTRA_STEPS_SCOPE_ID, type StepAdjustmentRule } from '../../../shared/adjustments.js';
import { APP_VERSION } from '../../../shared/content-schema.js';
import { orderedStepIds, type ResolvedRole, type RoleCatalog } from '../../../shared/roles.js';
import { stepItems } from '../../../shared/step-items.js';
import type { Database } from '../../db/client.js';
import { deepFreeze } from '../../deep-freeze.js';
import type { Config } from '../../env.js';
import { keptJson } from '../../kept-json.js';
import { NO_PEOPLE, type ReadCache, type UserProgress } from '../../plugins/read-cache.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import {
  agreementsInRole,
  expireDueAgreements,
  hasDueAgreements,
  nextAgreementLapse,
} from '../acknowledgments/index.js';
import { expireDueRetakes, mayNeedRetakes } from '../answers/index.js';
import { resolveRoleOfRequest } from '../members/index.js';
import { roleContentOf } from './role-content.js';
import { canPreviewRoles, previewableRoles, resolvePreviewRole } from './role-preview.js';
import { roleSummary } from './role-summary.js';

/**
 * GET /api/onboarding → the signed-in member's resolved role configuration (its summary, and `content`: the address of
 * its scopes and steps, the same for every member of the role, role-content.ts; docs/product.md#dashboard,
 * docs/product.md#scopes-and-steps, docs/architecture.md#role-content), their adjustments (the steps skipped for them
 * and their extra steps, docs/product.md#per-person-adjustments) and their completed steps that belong to it, in step
 * order, with ISO completion times (docs/product.md#progress-rules). The role is the member record's role text looked
 * up by the rules of docs/product.md#role-lookup (see members/member-role.ts); the lookup's console messages of
 * docs/product.md#role-lookup are logged at warn. Progress is kept by step id, so after a role change the completed
 * steps that the new role also has still count. 401 without a session; 409 `{ statusCode, error, message, role }` when
 * the role configuration is missing (see ROLE_CONFIGURATION_STATUS in members/role-of-request.ts).
 *
 * Also (docs/product.md#progress-rules): `progress.items`, the ticked checklist items and acknowledgments of the role's
 * steps; and the role preview (docs/product.md#role-preview, role-preview.ts): `canPreviewRoles` and `previewRoles` say
 * whether and what the member may preview, and `?previewRole=key` answers with that role's content and `preview: true`
 * (403 when the member may not preview, 404 for an unknown role). Progress shown in a preview is the member's own,
 * read-only.
 *
 * `people` (docs/product.md#your-people): the member's own lead(s) and buddy from the member records, for the 'Your
 * People' steps; empty in a preview.
 *
 * Performance (docs/architecture.md#read-cache-and-change-feed): the member's progress comes from the read cache
 * (plugins/read-cache.ts), the role is resolved once per role text (content/resolved-roles.ts), and the answer is made
 * once per progress of record, role and flags and frozen, so that its JSON is encoded with the schema once and kept
 * (kept-json.ts). A read in the steady state asks the database nothing and encodes nothing.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  reads: ReadCache;
  config: Pick<Config, 'isProduction'>;
  db: Database;
  now: () => Date;
}> = async (app, { reads, config, db, now }) => {
  app.get(
    '/api/onboarding',
    {
      preValidation: requireUser,
      schema: { querystring: onboardingQuerySchema, response: { 200: onboardingResponseSchema } },
      ...keptJson(onboardingResponseSchema),
    },
    async function getOnboarding(request) {
      const user = signedInUser(request);
      const { catalog } = request;
      const { previewRole } = request.query;
      const ownRole = () => {
        const { role, unadjusted, warnings } = resolveRoleOfRequest(catalog, request);
        for (const warning of warnings)
          request.log.warn({ email: user.email, role: request.memberRole?.roleText }, warning);
        return { role, unadjusted };
      };
      const previewed = () => {
        const role = resolvePreviewRole(catalog, request, config, previewRole ?? '');
        return { role, unadjusted: role };
      };
      const { role, unadjusted } = previewRole === undefined ? ownRole() : previewed();
      const flags = { preview: previewRole !== undefined, canPreviewRoles: canPreviewRoles(config, request) };
      let progress = await reads.progress(user.id);
      const at = now();
      let watch = watchOf(progress, role, at);
      if (!flags.preview && watch.expires) {
        // An agreement due again (newer version, or lapsed) makes its step not completed: the member is asked again.
        const expired = await expireDueAgreements(db, user, role, progress, at);
        // A form or quiz that changed materially since the member answered it is asked again the same way.
        const retakes = await expireDueRetakes(
          db,
          user,
          role.scopes.flatMap((s) => s.steps),
          new Set(progress.completed.map((c) => c.stepId)),
        );
        if (expired.length + retakes.length > 0) {
          await app.changeFeed.settle();
          progress = await reads.progress(user.id);
          watch = watchOf(progress, role, at);
        }
      }
      const people = flags.preview
        ? NO_PEOPLE
        : await reads.people({
            email: user.email,
            department: request.memberRole?.department ?? user.department,
            buddy: (await reads.member(user.email))?.buddy ?? null,
          });
      const adjustments = flags.preview ? undefined : adjustmentsShown(request.memberRole?.adjustments ?? []);
      const shown = { role, content: roleContentOf(unadjusted).path, adjustments };
      return withPeople(answerOf(catalog, progress, watch, shown, flags), people);
    },
  );
};

/**
 * What a read works out from a member's progress in a role at one time, and the times between which it holds: with the
 * same progress of record and role, only the passing of time changes it, when an agreement lapses.
 */
interface ProgressWatch {
  /** From when and until when (ms since the epoch) the rest holds. */
  from: number;
  until: number;
  /** The member's agreements in the role, with whether each is due again (acknowledgments' agreementsInRole). */
  agreements: Agreement[];
  /** The agreements due again, as a key of the answers (see {@link answerOf}). */
  due: string;
  /**
   * Whether the read must run the expiries: an agreement is due again (acknowledgments' hasDueAgreements), or a
   * completed form or quiz may need a re-take (answers' mayNeedRetakes, which only the database can tell).
   */
  expires: boolean;
}

/** The watches made so far, by progress of record and role (see {@link watchOf}). */
const watches = new WeakMap<UserProgress, WeakMap<ResolvedRole, ProgressWatch>>();

/**
 * A member's agreements and expiries in a role at `now` (docs/product.md#progress-rules), worked out once per
 * progress of record and role for as long as time does not change them (until the next agreement lapses,
 * acknowledgments' nextAgreementLapse), so that a steady read goes through neither the role's steps nor the records.
 * @param progress the member's progress of record (the read cache's frozen value: a change is a new value)
 * @param role the role shown (frozen, made once per content and adjustments)
 * @param now the current time
 */
function watchOf(progress: UserProgress, role: ResolvedRole, now: Date): ProgressWatch {
  const at = now.getTime();
  let byRole = watches.get(progress);
  if (!byRole) {
    byRole = new WeakMap();
    watches.set(progress, byRole);
  }
  let watch = byRole.get(role);
  if (watch === undefined || at < watch.from || at >= watch.until) {
    const agreements = agreementsInRole(role, progress.acknowledgments, now);
    const completed = new Set(progress.completed.map((c) => c.stepId));
    watch = {
      from: at,
      until: nextAgreementLapse(role, progress, now),
      agreements,
      // Agreements fall due with time alone: answers differ by which are due.
      due: agreements.flatMap((a) => (a.due === null ? [] : [`${a.stepId}:${a.due}`])).join(','),
      expires:
        hasDueAgreements(role, progress, now) ||
        mayNeedRetakes(
          role.scopes.flatMap((s) => s.steps),
          completed,
        ),
    };
    byRole.set(role, watch);
  }
  return watch;
}

/** The answer without the member's people: what depends on the progress, the role and the flags only. */
type StepsAnswer = Omit<OnboardingResponse, 'people'>;

/** The answers made so far, by progress of record, role and flags (see {@link answerOf}). */
const answers = new WeakMap<UserProgress, WeakMap<ResolvedRole, Map<string, StepsAnswer>>>();

/** The whole answers made so far, by steps answer and people (see {@link withPeople}). */
const answersWithPeople = new WeakMap<StepsAnswer, WeakMap<readonly Person[], OnboardingResponse>>();

/**
 * The whole answer: the steps answer with the member's people. Made once per pair of (frozen) values and frozen, so
 * that a steady read still encodes nothing (kept-json.ts).
 * @param answer the answer of {@link answerOf}
 * @param people the member's people, as the read cache keeps them
 */
function withPeople(answer: StepsAnswer, people: readonly Person[]): OnboardingResponse {
  let byPeople = answersWithPeople.get(answer);
  if (!byPeople) {
    byPeople = new WeakMap();
    answersWithPeople.set(answer, byPeople);
  }
  let whole = byPeople.get(people);
  if (!whole) {
    whole = deepFreeze({ ...answer, people: people as Person[] });
    byPeople.set(people, whole);
  }
  return whole;
}

/**
 * The answer for a member's progress of record in a role. Made once per progress of record (the read cache's value,
 * which is replaced when the progress changes), role and flags, and frozen, so that its JSON is encoded once too
 * (kept-json.ts). The role object shown is made once per role content and member's adjustments
 * (shared/adjustments.ts adjustRole), so it stands for the content's address and the adjustments as well.
 * @param catalog all role configurations (for the preview roles)
 * @param progress the member's progress of record
 * @param watch the member's agreements in the role now ({@link watchOf})
 * @param shown the resolved role shown (the member's own after their adjustments, or the previewed one), the address of
 *   its content (role-content.ts) and the member's adjustments as the answer carries them
 * @param flags whether this is a preview, and whether the member may preview roles
 */
function answerOf(
  catalog: RoleCatalog,
  progress: UserProgress,
  watch: ProgressWatch,
  shown: { role: ResolvedRole; content: string; adjustments: OnboardingResponse['adjustments'] },
  flags: { preview: boolean; canPreviewRoles: boolean },
): StepsAnswer {
  const { role } = shown;
  let byRole = answers.get(progress);
  if (!byRole) {
    byRole = new WeakMap();
    answers.set(progress, byRole);
  }
  let byFlags = byRole.get(role);
  if (!byFlags) {
    byFlags = new Map();
    byRole.set(role, byFlags);
  }
  const { agreements, due } = watch;
  const key = `${flags.preview}/${flags.canPreviewRoles}/${due}`;
  let answer = byFlags.get(key);
  if (!answer) {
    const sameDue = [...byFlags.entries()].find(([k]) => k.endsWith(`/${due}`))?.[1];
    answer = deepFreeze({
      appVersion: APP_VERSION,
      role: roleSummary(role),
      // The role's steps are the content's own answer (role-content.ts): the same for every member of the role.
      content: shown.content,
      adjustments: shown.adjustments,
      progress: sameDue?.progress ?? { ...progressInRole(progress, role), agreements },
      preview: flags.preview,
      canPreviewRoles: flags.canPreviewRoles,
      previewRoles: flags.canPreviewRoles ? previewableRoles(catalog) : [],
    });
    byFlags.set(key, answer);
  }
  return answer;
}

/** The adjustments as answers carry them, by the (frozen) adjustments list of the read cache. */
const shownAdjustments = new WeakMap<readonly StepAdjustmentRule[], NonNullable<OnboardingResponse['adjustments']>>();

/**
 * A member's adjustments as the answer carries them (docs/product.md#per-person-adjustments): the ids of the role's
 * steps skipped for them and the scope of their extra steps, which the client joins with the role's content
 * (shared/onboarding-join.ts) as adjustScopes does on the server. Made once per adjustments list and frozen.
 * @param adjustments the member's adjustments, oldest first (the read cache's frozen list)
 * @returns undefined when there are none (the answer leaves them out)
 */
function adjustmentsShown(adjustments: readonly StepAdjustmentRule[]): OnboardingResponse['adjustments'] {
  if (adjustments.length === 0) return undefined;
  let shown = shownAdjustments.get(adjustments);
  if (!shown) {
    shown = deepFreeze({
      skipped: adjustments.filter((a) => a.kind === 'skip').map((a) => a.stepId),
      extraScope: adjustScopes([], adjustments).find((scope) => scope.id === EXTRA_STEPS_SCOPE_ID) ?? null,
    });
    shownAdjustments.set(adjustments, shown);
  }
  return shown;
}

/** The answer's `progress`: the user's completed steps that belong to the role, in step order, and {@link itemsOf}. */
function progressInRole(
  progress: UserProgress,
  role: ResolvedRole,
): Omit<OnboardingResponse['progress'], 'agreements'> {
  const completedAt = new Map(progress.completed.map((c) => [c.stepId, c.completedAt]));
  const completed = orderedStepIds(role).flatMap((stepId) => {
    const at = completedAt.get(stepId);
    return at === undefined ? [] : [{ stepId, completedAt: at.toISOString() }];
  });
  return { completed, items: itemsOf(progress, role) };
}

/**
 * The user's ticked items that belong to the role's checklist and acknowledgment steps, in step and item order (items
 * of other roles, or removed from the content, are left out).
 */
function itemsOf(progress: UserProgress, role: ResolvedRole): ItemProgress[] {
  const doneAt = new Map(progress.items.map((d) => [`${d.stepId}/${d.itemId}`, d.doneAt]));
  return role.scopes.flatMap((scope) =>
    scope.steps.flatMap((step) =>
      stepItems(step).flatMap((item) => {
        const at = doneAt.get(`${step.id}/${item.id}`);
        return at === undefined ? [] : [{ stepId: step.id, itemId: item.id, doneAt: at.toISOString() }];
      }),
    ),
  );
}
