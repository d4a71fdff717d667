import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import {
  apiErrorSchema,
  secretQuerySchema,
  secretRefusalSchema,
  secretResponseSchema,
  stepIdParamsSchema,
  type SecretRefusal,
} from '../../../shared/api.js';
import { CLIENT_REQUEST_HEADER } from '../../../shared/client-request.js';
import type { Step } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import {
  decideSecretAccess,
  SECRET_REFUSAL_TEXT,
  type SecretRefusalReason,
  type SessionKind,
} from '../../../shared/secret-access.js';
import type { Database } from '../../db/client.js';
import { changedSinceSeen, readStoredSecret } from './stored-secrets.js';
import type { Config } from '../../env.js';
import { forbidden, notFound } from '../../http-errors.js';
import { recordAudit } from '../audit/index.js';
import { resolveRoleOfRequest } from '../members/index.js';

/** The 404 message for a step that is not one of the member's shared-password steps. */
export const NO_SECRET_STEP_MESSAGE = 'This step has no shared password for you.';

/** The 403 message of a request for a shared password that the app's own code did not make (e.g. a link on another site). */
export const NOT_FROM_THE_APP_MESSAGE =
  'Shared passwords are only shown inside the Onboarding app. Open the app and try again.';

/**
 * Whether the app's own code made the request: it carries {@link CLIENT_REQUEST_HEADER}, or the browser says a script
 * of this origin fetched it (`Sec-Fetch-Site: same-origin` and `Sec-Fetch-Dest: empty`). A top-level navigation from
 * another site carries the Lax session cookie but neither; an `<img>`, `<video>` or `<iframe>` of this origin (e.g.
 * content pointing an image at /api/secrets/…) is same-origin but its destination is `image`, `video`, `iframe`, so
 * none of them can make a reveal in the member's name (docs/security.md#what-was-checked-and-how).
 * @param request the request (its headers)
 */
export function isFromTheApp(request: FastifyRequest): boolean {
  if (request.headers[CLIENT_REQUEST_HEADER.name] === CLIENT_REQUEST_HEADER.value) return true;
  return request.headers['sec-fetch-site'] === 'same-origin' && request.headers['sec-fetch-dest'] === 'empty';
}

/** A step that names a shared password (docs/product.md#shared-passwords `envVariable`). */
type SecretStep = Step & { envVariable: NonNullable<Step['envVariable']> };

const isSecretStep = (step: Step): step is SecretStep => step.envVariable !== undefined;

const secretSteps = new WeakMap<RoleCatalog, Map<string, SecretStep>>();

/**
 * Every shared-password step of every role configuration, by step id (ids are stable across the content); worked out
 * once per published catalog.
 */
function secretStepsOf(catalog: RoleCatalog): Map<string, SecretStep> {
  const known = secretSteps.get(catalog);
  if (known) return known;
  const steps = new Map<string, SecretStep>();
  secretSteps.set(catalog, steps);
  for (const config of catalog.values()) {
    for (const scope of config.scopes) {
      for (const step of scope.steps) if (isSecretStep(step) && !steps.has(step.id)) steps.set(step.id, step);
    }
  }
  return steps;
}

const refusalBody = (statusCode: 401 | 403, reason: SecretRefusalReason): SecretRefusal => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message: SECRET_REFUSAL_TEXT[reason],
  reason,
});

/** The 'secret-reveal' / 'secret-refusal' audit entry of one request. */
function auditOf(
  request: FastifyRequest,
  step: SecretStep,
  session: SessionKind,
  outcome: { allowed: true; set: boolean } | { allowed: false; reason: SecretRefusalReason },
  previewRole?: string,
) {
  return {
    kind: outcome.allowed ? ('secret-reveal' as const) : ('secret-refusal' as const),
    outcome: outcome.allowed ? ('allowed' as const) : ('refused' as const),
    actorUserId: request.user?.id ?? null,
    actorEmail: request.user?.email ?? null,
    subject: step.envVariable.name,
    reason: outcome.allowed ? (outcome.set ? null : 'not-set') : outcome.reason,
    details: {
      stepId: step.id,
      session,
      role: request.memberRole?.lookup.key ?? null,
      roleText: request.memberRole?.roleText ?? null,
      ...(previewRole === undefined ? {} : { previewRole }),
      ip: request.ip,
    },
  };
}

/** Secrets must never be stored by a browser or a proxy. */
const noStore = (reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-store');

/** What {@link secretsRoutes} needs. */
export interface SecretsRoutesOptions {
  db: Database;
  config: Pick<Config, 'secretBox'>;
  /** The clock (default: the real one): refusals are audited at most once per {@link REFUSAL_AUDIT_WINDOW_MS}. */
  now?: () => Date;
}

/** A member's refusals for one shared password and reason are audited at most once in this many ms (10 minutes). */
export const REFUSAL_AUDIT_WINDOW_MS = 10 * 60_000;
/** The most (member, password, reason) keys remembered; the oldest are forgotten first. */
const REFUSAL_KEYS_KEPT = 10_000;

/**
 * Audit flooding (docs/security.md#what-was-checked-and-how): a member can ask for a refused password as often as
 * they like (`?previewRole=` always refuses). The first refusal of a member for one password and reason is audited;
 * the same again within {@link REFUSAL_AUDIT_WINDOW_MS} only counts, and the next audited one says how many came in
 * between (`details.repeated`), so the log stays append-only and still tells the whole story. Per server process:
 * with several servers each audits its own first refusal.
 */
class RefusalAudit {
  readonly #seen = new Map<string, { auditedAt: number; repeated: number }>();

  /**
   * @param key the member, password and reason
   * @param at now, in ms since the epoch
   * @returns how many refusals were only counted since the last audited one, or null when this one is only counted
   */
  take(key: string, at: number): number | null {
    const seen = this.#seen.get(key);
    if (seen !== undefined && at - seen.auditedAt < REFUSAL_AUDIT_WINDOW_MS) {
      seen.repeated += 1;
      return null;
    }
    this.#seen.delete(key);
    if (this.#seen.size >= REFUSAL_KEYS_KEPT) {
      const oldest = this.#seen.keys().next();
      if (oldest.done !== true) this.#seen.delete(oldest.value);
    }
    this.#seen.set(key, { auditedAt: at, repeated: 0 });
    return seen?.repeated ?? 0;
  }
}

/**
 * GET /api/secrets/:stepId — a shared-password step's password (docs/product.md#shared-passwords: "Shared password steps"
 * call 4; docs/product.md#shared-passwords; docs/product.md#shared-passwords). The URL carries only the step id, never a secret.
 * - No session: 401 `{ statusCode, error, message, reason: 'not-signed-in' }`.
 * - A role preview (any request with `?previewRole=`): 403 reason 'development' for any shared-password step of the
 *   content; a preview never sees a secret.
 * - Otherwise the step must be one of the member's own resolved steps and have an `envVariable` (404
 *   {@link NO_SECRET_STEP_MESSAGE} otherwise; 409 when the member's role configuration is missing). Then
 *   decideSecretAccess (shared/secret-access.ts) with the session kind, the role name the lookup matched, the
 *   role's inherited keys and the raw role text: a development session gets 403 'development', a Google session whose role is not allowed
 *   gets 403 'role-mismatch', an allowed one 200 `{ value }` — or `{ value: null, reason: 'not-set' }` when the
 *   environment variable is not set.
 * - A signed-in request the app's own code did not make ({@link isFromTheApp}: a cross-site navigation or link):
 *   403 {@link NOT_FROM_THE_APP_MESSAGE}, nothing revealed and nothing audited in the member's name.
 * Every answer carries `Cache-Control: no-store`. Every reveal, and the first refusal of a signed-in member for a
 * known shared-password step and reason in {@link REFUSAL_AUDIT_WINDOW_MS} (the next one audited counts the rest),
 * is written to the audit log before the answer is sent (a failing write fails the request, so
 * nothing is revealed unaudited); anonymous refusals go to the application log only (anyone can send them).
 */
export const secretsRoutes: FastifyPluginAsyncZod<SecretsRoutesOptions> = async (
  app,
  { db, config, now = () => new Date() },
) => {
  const refusals = new RefusalAudit();
  /** Audits a signed-in member's refusal unless the same was audited within the window (see {@link RefusalAudit}). */
  const auditRefusal = async (request: FastifyRequest, entry: ReturnType<typeof auditOf>) => {
    const repeated = refusals.take(
      `${request.user?.id ?? ''}\n${entry.subject}\n${entry.reason ?? ''}`,
      now().getTime(),
    );
    if (repeated === null) {
      request.log.info(
        { secret: entry.subject, reason: entry.reason },
        'shared password refused again: counted, not audited',
      );
      return;
    }
    await recordAudit(db, repeated === 0 ? entry : { ...entry, details: { ...entry.details, repeated } });
  };

  app.get(
    '/api/secrets/:stepId',
    {
      schema: {
        params: stepIdParamsSchema,
        querystring: secretQuerySchema,
        // A 403 is a refusal with its reason, or the plain error of a request the app's own code did not make.
        response: {
          200: secretResponseSchema,
          401: secretRefusalSchema,
          403: z.union([secretRefusalSchema, apiErrorSchema]),
        },
      },
    },
    async function getSecretsByStepId(request, reply) {
      noStore(reply);
      const { stepId } = request.params;
      const knownStep = secretStepsOf(request.catalog).get(stepId);

      if (request.user === null || request.authSession === null || request.memberRole === null) {
        // Anyone can send these, as often as they like: they go to the application log, never to the audit log, so
        // that they cannot bury the audit entries of real members.
        if (knownStep) {
          request.log.warn(
            { stepId, secret: knownStep.envVariable.name, ip: request.ip },
            'shared password refused: not signed in',
          );
        }
        return reply.code(401).send(refusalBody(401, 'not-signed-in'));
      }
      if (!isFromTheApp(request)) throw forbidden(NOT_FROM_THE_APP_MESSAGE);

      if (request.query.previewRole !== undefined) {
        if (!knownStep) throw notFound(NO_SECRET_STEP_MESSAGE);
        await auditRefusal(
          request,
          auditOf(request, knownStep, 'preview', { allowed: false, reason: 'development' }, request.query.previewRole),
        );
        return reply.code(403).send(refusalBody(403, 'development'));
      }

      const { role } = resolveRoleOfRequest(request.catalog, request);
      const step = role.scopes.flatMap((scope) => scope.steps).find((s) => s.id === stepId);
      if (!step || !isSecretStep(step)) throw notFound(NO_SECRET_STEP_MESSAGE);

      const session: SessionKind = request.authSession.kind;
      const decision = decideSecretAccess({
        stepRequiredRole: step.envVariable.requiredRole,
        isTestStep: step.envVariable.name === 'TEST_PASS',
        session,
        memberRoleName: request.memberRole.lookup.name,
        inheritedRoleKeys: role.inherits,
        memberRoleText: request.memberRole.roleText,
      });
      if (!decision.allowed) {
        await auditRefusal(request, auditOf(request, step, session, decision));
        return reply.code(403).send(refusalBody(403, decision.reason));
      }
      const stored = await readStoredSecret(db, config.secretBox, step.envVariable.name);
      const changedOn = stored ? await changedSinceSeen(db, request.user.id, step.envVariable.name, stored) : undefined;
      await recordAudit(db, auditOf(request, step, session, { allowed: true, set: stored !== undefined }));
      if (stored === undefined) return { value: null, reason: 'not-set' as const };
      return changedOn === undefined ? { value: stored.value } : { value: stored.value, changedOn };
    },
  );
};
