import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stepIdParamsSchema } from '../../../shared/api.js';
import type { Form, Step } from '../../../shared/content-schema.js';
import {
  preboardingFormBodySchema,
  preboardingFormStateSchema,
  preboardingPageSchema,
  putPreboardingStepBodySchema,
} from '../../../shared/preboarding-api.js';
import { preferencesSchema } from '../../../shared/preferences-api.js';
import type { Database } from '../../db/client.js';
import { preboardingRecords } from '../../db/schema.js';
import type { Config } from '../../env.js';
import { HttpError, notFound } from '../../http-errors.js';
import type { SecretBox } from '../secrets/index.js';
import { preboardingFormState, savePreboardingForm } from './preboarding-answers.js';
import { endSession } from './preboarding-links.js';
import { preboardingPage, preboardingSteps } from './preboarding-page.js';
import { clearPreboardingCookie, preboardingOf, requirePreboarding } from './preboarding-session.js';

/** The 404 message of a step that is not one of the person's steps before the first day. */
export const NOT_A_PREBOARDING_STEP_MESSAGE =
  'This step is not one to do before your first day. You can do it after your first sign-in.';

/** What the pre-boarding API needs. */
export interface PreboardingRoutesOptions {
  db: Database;
  box: SecretBox;
  config: Pick<
    Config,
    'isProduction' | 'sessionSecret' | 'organisationTimeZone' | 'organisationLocale' | 'orgName' | 'supportEmail'
  >;
  now: () => Date;
}

/**
 * The pre-boarding page's API (docs/product.md#pre-boarding, docs/security.md#pre-boarding). Every route needs a
 * valid pre-boarding session (its own cookie; 401 otherwise) and acts only on that person's pre-boarding, only on the
 * steps of their role marked "before the first day" (404 for any other step):
 *
 * - GET /api/preboarding → the page (src/shared/preboarding-api.ts).
 * - PUT /api/preboarding/steps/:stepId `{ done }` → marks a step done or not (a form step is done by sending it: 409).
 * - GET /api/preboarding/steps/:stepId/form → the draft and when the form was sent; never the sent answers.
 * - PUT /api/preboarding/steps/:stepId/form/draft `{ answers }`, POST /api/preboarding/steps/:stepId/form
 *   `{ answers }` → saves or sends (once: 409 after; 400 with `problems` for answers that do not fit).
 * - PUT /api/preboarding/preferences (the preferences) → saved for the page, and the member's from the first sign-in.
 * - POST /api/preboarding/sign-out → ends this pre-boarding session (the link stays used).
 */
export const preboardingRoutes: FastifyPluginAsyncZod<PreboardingRoutesOptions> = async (
  app,
  { db, box, config, now },
) => {
  app.decorateRequest('preboarding', null);
  app.addHook('onRequest', requirePreboarding({ db, config, now }));

  /** A step of the session's person before the first day, or 404. */
  const stepOf = async (request: FastifyRequest, stepId: string): Promise<Step> => {
    const session = preboardingOf(request);
    const step = (await preboardingSteps(db, request.catalog, session.person)).find((s) => s.id === stepId);
    if (step === undefined) throw notFound(NOT_A_PREBOARDING_STEP_MESSAGE);
    return step;
  };
  const formStepOf = async (request: FastifyRequest, stepId: string): Promise<Step & { form: Form }> => {
    const step = await stepOf(request, stepId);
    if (step.form === undefined) throw notFound(`Step "${stepId}" is not a form.`);
    return { ...step, form: step.form };
  };

  app.get(
    '/api/preboarding',
    { schema: { response: { 200: preboardingPageSchema } } },
    async function getPreboarding(request) {
      const session = preboardingOf(request);
      return preboardingPage(
        {
          db,
          catalog: request.catalog,
          orgName: config.orgName,
          supportEmail: config.supportEmail,
          locale: config.organisationLocale,
          timeZone: config.organisationTimeZone,
        },
        session.person,
      );
    },
  );

  app.put(
    '/api/preboarding/steps/:stepId',
    {
      schema: {
        params: stepIdParamsSchema,
        body: putPreboardingStepBodySchema,
        response: { 200: z.object({ stepId: z.string(), doneAt: z.string().nullable() }) },
      },
    },
    async function putPreboardingStepsByStepId(request) {
      const session = preboardingOf(request);
      const step = await stepOf(request, request.params.stepId);
      if (step.form !== undefined)
        throw new HttpError(409, 'This step is done when you send its form: fill it in and press Send.');
      const at = now();
      const entry = JSON.stringify([{ stepId: step.id, at: at.toISOString() }]);
      // The state wanted, not a toggle: marking it done twice keeps the first time.
      const others = sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${preboardingRecords.steps}) e
        where e->>'stepId' <> ${step.id}), '[]'::jsonb)`;
      const mine = sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${preboardingRecords.steps}) e
        where e->>'stepId' = ${step.id}), ${entry}::jsonb)`;
      await db
        .insert(preboardingRecords)
        .values({
          email: session.email,
          steps: request.body.done ? [{ stepId: step.id, at: at.toISOString() }] : [],
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: preboardingRecords.email,
          set: { steps: request.body.done ? sql`${others} || ${mine}` : others, updatedAt: at },
        });
      const [record] = await db.select().from(preboardingRecords).where(eq(preboardingRecords.email, session.email));
      return { stepId: step.id, doneAt: record?.steps.find((s) => s.stepId === step.id)?.at ?? null };
    },
  );

  app.get(
    '/api/preboarding/steps/:stepId/form',
    { schema: { params: stepIdParamsSchema, response: { 200: preboardingFormStateSchema } } },
    async function getPreboardingStepsByStepIdForm(request) {
      const step = await formStepOf(request, request.params.stepId);
      return preboardingFormState(db, box, preboardingOf(request).email, step);
    },
  );

  // Saving the draft and sending take the same body and answer the same state: only `send` tells them apart.
  const formWrite = {
    schema: {
      params: stepIdParamsSchema,
      body: preboardingFormBodySchema,
      response: { 200: preboardingFormStateSchema },
    },
  };
  const saveForm = async (
    request: FastifyRequest<{ Params: { stepId: string } }>,
    answers: Record<string, unknown>,
    send: boolean,
  ) => {
    const step = await formStepOf(request, request.params.stepId);
    return savePreboardingForm({ db, box, now: now() }, preboardingOf(request).email, step, answers, send);
  };

  app.put(
    '/api/preboarding/steps/:stepId/form/draft',
    formWrite,
    async function putPreboardingStepsByStepIdFormDraft(request) {
      return saveForm(request, request.body.answers, false);
    },
  );

  app.post('/api/preboarding/steps/:stepId/form', formWrite, async function postPreboardingStepsByStepIdForm(request) {
    return saveForm(request, request.body.answers, true);
  });

  app.put(
    '/api/preboarding/preferences',
    { schema: { body: preferencesSchema, response: { 200: preferencesSchema } } },
    async function putPreboardingPreferences(request) {
      const session = preboardingOf(request);
      const at = now();
      await db
        .insert(preboardingRecords)
        .values({ email: session.email, preferences: request.body, updatedAt: at })
        .onConflictDoUpdate({ target: preboardingRecords.email, set: { preferences: request.body, updatedAt: at } });
      return request.body;
    },
  );

  app.post(
    '/api/preboarding/sign-out',
    { schema: { response: { 200: z.object({ ended: z.literal(true) }) } } },
    async function postPreboardingSignOut(request, reply) {
      await endSession(db, preboardingOf(request).tokenHash);
      clearPreboardingCookie(reply, config);
      return { ended: true as const };
    },
  );
};
