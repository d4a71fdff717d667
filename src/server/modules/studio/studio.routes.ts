import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetQuerySchema,
  assetsResponseSchema,
  draftConflictSchema,
  openTeamTasksResponseSchema,
  publishRequestSchema,
  publishResponseSchema,
  restoreRequestSchema,
  saveDraftRequestSchema,
  saveDraftResponseSchema,
  STUDIO_ASSET_MAX_BYTES,
  STUDIO_ASSET_TYPES,
  studioAssetSchema,
  studioStateSchema,
  studioVersionSchema,
  retakesResponseSchema,
  accessMovesResponseSchema,
  usageResponseSchema,
  versionParamsSchema,
  versionsResponseSchema,
  type ProblemsRefusal,
  type StudioAccessRefusal,
  type StudioDraft,
  type StudioRemovalsConflict,
} from '../../../shared/studio-api.js';
import { applyDraftPatch, draftPatchSchema } from '../../../shared/studio-patch.js';
import { sha256Hex } from '../../hashing.js';
import { isPublishedFile, type PublishedContent } from '../../content/published-content.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { HttpError, notFound } from '../../http-errors.js';
import { retakesOfChange, sweepDueRetakes } from '../answers/index.js';
import { mayUse, requirePermission } from '../permissions/index.js';
import { countOpenTeamTasks, syncTeamTasks } from '../team-tasks/index.js';
import { ADMIN_MUST_CHANGE_ACCESS_MESSAGE, aliasChanges } from './access-fields.js';
import { accessMovesOfPublish } from './access-map.js';
import {
  getDraft,
  getVersion,
  latestVersion,
  listAssets,
  listVersions,
  readAsset,
  saveDraft,
  storeAsset,
  deleteDraft,
} from '../../content/content.repository.js';
import {
  assetProblemOf,
  checkStudioCatalog,
  membersPerRole,
  publishVersion,
  roleRenamesOf,
  storedFiles,
  type PublishOutcome,
} from './studio.service.js';
import { checkUpload } from '../../uploads.js';
import { stepRenamesOf, takeRenames, withPublishedQuestionIds, withRenamedRoleKeys } from './renames.js';

/**
 * The content studio's routes (docs/product.md#content-studio; the contract is src/shared/studio-api.ts). Every
 * /api/studio route needs `content:edit` (admins and content editors); the files are served at
 * /assets/content/by-hash/:sha256 from the database, so every process serves every file: to anyone once published,
 * to editors and admins only (404 to others) while only a draft uses them.
 */

/** The largest draft accepted, in bytes of JSON (the real catalog is about 100 KB). */
export const STUDIO_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const hashParamsSchema = z.object({ sha256: z.string() });

/** The person acting, for stamps and the audit log. */
function actorOf(request: FastifyRequest): { userId: string | null; email: string } {
  return { userId: request.user?.id ?? null, email: request.user?.email ?? 'unknown' };
}

const editing = requirePermission('content:edit');

export const studioRoutes: FastifyPluginAsyncZod<{
  db: Database;
  content: PublishedContent;
  config: Pick<Config, 'contentDir' | 'organisationTimeZone' | 'publicUrl' | 'allowedDomain'>;
  now: () => Date;
}> = async (app, { db, content, config, now }) => {
  const problemsOf = async (catalog: readonly unknown[]) =>
    checkStudioCatalog(catalog, assetProblemOf(config.contentDir, await storedFiles(db), config.publicUrl));

  const published = async () => {
    const latest = await latestVersion(db);
    if (!latest) throw new HttpError(503, 'The content has not been imported yet: start the server again.');
    return latest;
  };

  /**
   * After a publish or restore: team tasks not yet done follow the new content at once (docs/product.md#team-tasks),
   * and members who answered a form or quiz that changed materially answer it again
   * (docs/product.md#changing-a-form-or-quiz-after-people-answered).
   */
  const afterPublish = async () => {
    await syncTeamTasks({ db, catalog: content.catalog, timeZone: config.organisationTimeZone, now: now() });
    await sweepDueRetakes({ db, configs: content.catalog.values() });
  };

  /**
   * The answer to a publish or restore ({@link publishVersion}): the new version, or why nothing was published — 422
   * with the problems, 403 with the access changes only an admin may make, 409 with the removals to confirm, or 409
   * when someone changed the draft meanwhile. (A Fastify reply is thenable: the handler returns what this sends.)
   */
  const answerPublish = (reply: FastifyReply, result: PublishOutcome) => {
    switch (result.outcome) {
      case 'published':
        return reply.send({ version: result.version });
      case 'problems':
        return reply.code(422).send({
          statusCode: 422,
          error: STATUS_CODES[422] ?? 'Unprocessable Entity',
          message: `The content has ${result.problems.length} problem(s): fix them and publish again.`,
          problems: result.problems,
        } satisfies ProblemsRefusal);
      case 'access':
        return reply.code(403).send({
          statusCode: 403,
          error: STATUS_CODES[403] ?? 'Forbidden',
          message: `${result.changes.join(' ')} ${ADMIN_MUST_CHANGE_ACCESS_MESSAGE}`,
          changes: result.changes,
        } satisfies StudioAccessRefusal);
      case 'removals': {
        const { removals } = result;
        const total = removals.reduce((n, r) => n + r.completedBy, 0);
        return reply.code(409).send({
          statusCode: 409,
          error: STATUS_CODES[409] ?? 'Conflict',
          message: `This removes ${removals.length} step(s) or item(s) that members completed (${total} completion(s) in all). Their records are kept. Send again with confirmRemovals: true to go ahead.`,
          removals,
        } satisfies StudioRemovalsConflict);
      }
      case 'draft-changed':
        throw new HttpError(409, result.message);
    }
  };

  /** What every publish and restore of this request shares: who asks, whether they may change access, when. */
  const publishing = async (request: FastifyRequest) => ({
    base: await published(),
    mayChangeAccess: mayUse(request.memberRole, 'content:access'),
    actor: actorOf(request),
    at: now(),
    assetProblem: assetProblemOf(config.contentDir, await storedFiles(db), config.publicUrl),
    organisationDomain: config.allowedDomain,
  });

  app.get(
    '/api/studio',
    { onRequest: editing, schema: { response: { 200: studioStateSchema } } },
    async function getStudio() {
      return {
        published: await published(),
        draft: await getDraft(db),
      };
    },
  );

  /** The 409 answer to a save made from an older copy than the stored draft. */
  const conflictReply = (reply: FastifyReply, other: StudioDraft) =>
    reply.code(409).send({
      statusCode: 409,
      error: STATUS_CODES[409] ?? 'Conflict',
      message: `${other.updatedBy} saved the draft at ${other.updatedAt}, after you opened it. Reload to see their changes, then make yours again.`,
      draft: other,
    });

  /** Saves `catalog` as the draft if the stored draft is still the one of `baseUpdatedAt` (else 409). */
  const storeDraft = async (
    request: FastifyRequest,
    reply: FastifyReply,
    catalog: unknown[],
    baseUpdatedAt: string | null,
    current: StudioDraft | null,
  ) => {
    const base = await published();
    const checked = await problemsOf(catalog);
    // Renames are checked against the published version as the draft is saved, so the editor sees a bad one at once.
    const problems = checked.configs
      ? [...checked.problems, ...takeRenames(checked.configs, base.catalog).problems]
      : checked.problems;
    const saved = await saveDraft(
      db,
      { catalog, baseVersion: current?.baseVersion ?? base.version, problems, at: now(), by: actorOf(request).email },
      baseUpdatedAt === null ? null : new Date(baseUpdatedAt),
    );
    return 'conflict' in saved ? conflictReply(reply, saved.conflict) : saved;
  };

  app.put(
    '/api/studio/draft',
    {
      onRequest: editing,
      bodyLimit: STUDIO_BODY_LIMIT_BYTES,
      schema: { body: saveDraftRequestSchema, response: { 200: saveDraftResponseSchema, 409: draftConflictSchema } },
    },
    async function putStudioDraft(request, reply) {
      return storeDraft(request, reply, request.body.catalog, request.body.baseUpdatedAt, await getDraft(db));
    },
  );

  // Only the roles that changed (src/shared/studio-patch.ts): small enough for the save-on-leave request's keepalive
  // limit.
  app.patch(
    '/api/studio/draft',
    {
      onRequest: editing,
      bodyLimit: STUDIO_BODY_LIMIT_BYTES,
      schema: { body: draftPatchSchema, response: { 200: saveDraftResponseSchema, 409: draftConflictSchema } },
    },
    async function patchStudioDraft(request, reply) {
      const { baseUpdatedAt } = request.body;
      const current = await getDraft(db);
      // A patch is of the draft the editor last saw: another save since is a conflict, as for a whole save. With no
      // draft left (discarded or published since), it applies to the published version and starts a new draft.
      if (current !== null && current.updatedAt !== baseUpdatedAt) return conflictReply(reply, current);
      const applied = applyDraftPatch(current?.catalog ?? (await published()).catalog, request.body);
      if ('problem' in applied) throw new HttpError(422, applied.problem);
      return storeDraft(request, reply, applied.catalog, baseUpdatedAt, current);
    },
  );

  app.delete('/api/studio/draft', { onRequest: editing }, async function deleteStudioDraft(_request, reply) {
    await deleteDraft(db);
    return reply.code(204).send();
  });

  const publishSchemas = { body: publishRequestSchema, response: { 200: publishResponseSchema } };
  app.post(
    '/api/studio/publish',
    { onRequest: editing, schema: publishSchemas },
    async function postStudioPublish(request, reply) {
      const draft = await getDraft(db);
      if (!draft) throw new HttpError(409, 'There is no draft to publish: make a change first.');
      const { materialChanges, note, confirmRemovals } = request.body;
      const result = await publishVersion(db, content, {
        ...(await publishing(request)),
        kind: 'publish',
        catalog: draft.catalog,
        restoredFrom: null,
        draftUpdatedAt: new Date(draft.updatedAt),
        materialChanges,
        note,
        confirmRemovals: confirmRemovals === true,
      });
      if (result.outcome === 'published') await afterPublish();
      return answerPublish(reply, result);
    },
  );

  app.get(
    '/api/studio/versions',
    { onRequest: editing, schema: { response: { 200: versionsResponseSchema } } },
    async function getStudioVersions() {
      return { versions: await listVersions(db) };
    },
  );

  app.get(
    '/api/studio/versions/:version',
    { onRequest: editing, schema: { params: versionParamsSchema, response: { 200: studioVersionSchema } } },
    async function getStudioVersionsByVersion(request) {
      const found = await getVersion(db, request.params.version);
      if (!found) throw notFound(`There is no version ${request.params.version}.`);
      return found;
    },
  );

  app.post(
    '/api/studio/versions/:version/restore',
    {
      onRequest: editing,
      schema: { params: versionParamsSchema, body: restoreRequestSchema, response: { 200: publishResponseSchema } },
    },
    async function postStudioVersionsByVersionRestore(request, reply) {
      const wanted = await getVersion(db, request.params.version);
      if (!wanted) throw notFound(`There is no version ${request.params.version}.`);
      const result = await publishVersion(db, content, {
        ...(await publishing(request)),
        kind: 'restore',
        catalog: wanted.catalog,
        restoredFrom: wanted.version,
        draftUpdatedAt: null,
        materialChanges: [],
        note: undefined,
        confirmRemovals: request.body?.confirmRemovals === true,
      });
      if (result.outcome === 'published') await afterPublish();
      return answerPublish(reply, result);
    },
  );

  app.get(
    '/api/studio/usage',
    { onRequest: editing, schema: { response: { 200: usageResponseSchema } } },
    async function getStudioUsage() {
      const usage = await membersPerRole(db, content.catalog);
      return {
        roles: [...usage].map(([key, members]) => ({ key, members })).sort((a, b) => a.key.localeCompare(b.key)),
      };
    },
  );

  app.get(
    '/api/studio/team-tasks',
    { onRequest: editing, schema: { response: { 200: openTeamTasksResponseSchema } } },
    async function getStudioTeamTasks() {
      return { tasks: await countOpenTeamTasks(db) };
    },
  );

  /**
   * The draft against the published catalog, for what publishing it would do: the published catalog, and the draft's
   * role configurations with its renames taken; null when there is no draft or it does not check.
   */
  const draftAgainstPublished = async () => {
    const draft = await getDraft(db);
    if (!draft) return null;
    const checked = checkStudioCatalog(draft.catalog, () => undefined);
    if (!checked.configs) return null;
    const { catalog } = await published();
    return { catalog, renamed: takeRenames(checked.configs, catalog) };
  };

  app.get(
    '/api/studio/retakes',
    { onRequest: editing, schema: { response: { 200: retakesResponseSchema } } },
    async function getStudioRetakes() {
      const against = await draftAgainstPublished();
      if (!against) return { steps: [] };
      const { catalog, renamed } = against;
      // A renamed question is the same question: it asks nobody again.
      const asAnswered = withPublishedQuestionIds(renamed.configs, renamed.questionRenames);
      return { steps: await retakesOfChange(db, catalog, asAnswered, stepRenamesOf(renamed.renames)) };
    },
  );

  app.get(
    '/api/studio/access',
    { onRequest: editing, schema: { response: { 200: accessMovesResponseSchema } } },
    async function getStudioAccess() {
      const against = await draftAgainstPublished();
      if (!against) return { changes: [] };
      const { catalog, renamed } = against;
      const aliases = aliasChanges(withRenamedRoleKeys(catalog, renamed.roleRenames), renamed.configs);
      const moves = await accessMovesOfPublish(db, catalog, renamed.configs, roleRenamesOf(renamed.roleRenames));
      return { changes: [...aliases, ...moves.map((m) => m.sentence)] };
    },
  );

  app.get(
    '/api/studio/assets',
    { onRequest: editing, schema: { response: { 200: assetsResponseSchema } } },
    async function getStudioAssets() {
      return { assets: await listAssets(db) };
    },
  );

  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    // Files come as the raw body; a type we do not take is refused by Fastify with 415 before anything is read.
    uploads.addContentTypeParser(
      [...STUDIO_ASSET_TYPES, 'image/svg+xml'],
      { parseAs: 'buffer', bodyLimit: STUDIO_ASSET_MAX_BYTES },
      (_req, body, done) => {
        done(null, body);
      },
    );
    uploads.post(
      '/api/studio/assets',
      {
        onRequest: editing,
        bodyLimit: STUDIO_ASSET_MAX_BYTES,
        schema: { querystring: assetQuerySchema, response: { 201: studioAssetSchema } },
      },
      async function postStudioAssets(request, reply) {
        const body = request.body;
        if (!(body instanceof Buffer))
          throw new HttpError(
            415,
            `Send the file itself as the body, with its Content-Type (${STUDIO_ASSET_TYPES.join(', ')}).`,
          );
        const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const bytes = new Uint8Array(body);
        const contentType = await checkUpload(bytes, declared);
        const sha256 = sha256Hex(bytes);
        const stored = await storeAsset(db, {
          sha256,
          bytes,
          contentType,
          name: request.query.name ?? `${sha256.slice(0, 12)}`,
          by: actorOf(request).email,
          at: now(),
        });
        return reply.code(201).send(stored);
      },
    );
  });

  // A file a published version uses stays published (versions are never changed or removed): remembered per process.
  const publishedFiles = new Set<string>();
  app.get(
    '/assets/content/by-hash/:sha256',
    { schema: { params: hashParamsSchema }, config: { readsSession: true } },
    async function getAssetsContentByHashBySha256(request, reply) {
      const { sha256 } = request.params;
      if (!/^[0-9a-f]{64}$/u.test(sha256)) throw notFound('No such file.');
      const asset = await readAsset(db, sha256);
      if (!asset) throw notFound('No such file.');
      let published = publishedFiles.has(sha256);
      if (!published && (await isPublishedFile(db, sha256))) {
        publishedFiles.add(sha256);
        published = true;
      }
      // A file only a draft uses (uploaded, not yet published) is the editors' preview: to anyone else it does not
      // exist, so it answers 404 like an unknown file (docs/product.md#content-studio).
      if (!published && !mayUse(request.memberRole, 'content:edit')) throw notFound('No such file.');
      reply
        .header('content-type', asset.contentType)
        // The file keeps the name it was uploaded with: a member's 'Download' saves it under that name.
        .header('content-disposition', inlineDisposition(asset.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', published ? 'public, max-age=31536000, immutable' : 'private, no-store');
      // Files imported from content/assets may be SVG: opened on their own, they run nothing.
      if (asset.contentType === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.send(Buffer.from(asset.bytes));
    },
  );
};

/**
 * A Content-Disposition that shows the file in the browser and names it (RFC 6266): `filename` in ASCII (other
 * characters as '_') for old clients, `filename*` in UTF-8 (RFC 8187) for the rest.
 * @param name the stored name; for a file imported from content/assets, its path ('images/welcome.png': the last part)
 * @returns e.g. `inline; filename="Volunteer Agreement.pdf"; filename*=UTF-8''Volunteer%20Agreement.pdf`
 */
export function inlineDisposition(name: string): string {
  const base = name.split('/').pop() ?? name;
  const ascii = base.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  const encoded = encodeURIComponent(base).replace(/['()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
