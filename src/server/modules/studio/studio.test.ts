import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail } from '../../../shared/admin-api.js';
import { meResponseSchema } from '../../../shared/api.js';
import type { RoleConfiguration } from '../../../shared/content-schema.js';
import type {
  StudioAsset,
  StudioDraft,
  StudioProblem,
  StudioRemovalsConflict,
  StudioState,
  StudioVersionSummary,
} from '../../../shared/studio-api.js';
import { STUDIO_ASSET_MAX_BYTES } from '../../../shared/studio-api.js';
import { openDatabase, type OpenDatabase } from '../../db/client.js';
import {
  createTestApp,
  createTestCatalog,
  signIn,
  signInWithGoogleSession,
  type TestApp,
} from '../../test/test-app.js';
import { onboardingView } from '../../test/onboarding-view.js';
import { signInEditor } from '../../test/test-members.js';
import { listAudit } from '../audit/audit.repository.js';
import { upsertMember } from '../members/members.repository.js';
import { listAcknowledgmentsOfUser } from '../acknowledgments/acknowledgments.repository.js';
import { sha256Hex } from '../../hashing.js';
import { DraftChangedError, publishCatalog } from './studio.service.js';

/**
 * The content studio's server (docs/product.md#content-studio): the start-up import, drafts and their 409, publishing
 * (checks, atomic switch, audit, removals that need confirmation, material changes), history, restore, usage,
 * and uploads. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (then a second app instance on the same
 * database must switch to a new version without restart).
 */

const ADMIN = 'ada@inspired2uplift.org';
const FAY = 'fay@inspired2uplift.org';
let t: TestApp;
let admin: string;

const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'onboarding' });

async function state(): Promise<StudioState> {
  const res = await t.app.inject({ method: 'GET', url: '/api/studio', headers: headers(admin) });
  expect(res.statusCode).toBe(200);
  return res.json<StudioState>();
}

async function save(catalog: unknown[], baseUpdatedAt: string | null, cookie = admin) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/studio/draft',
    headers: headers(cookie),
    payload: { catalog, baseUpdatedAt },
  });
}

async function publish(body: object = { materialChanges: [] }) {
  return t.app.inject({ method: 'POST', url: '/api/studio/publish', headers: headers(admin), payload: body });
}

/** The published catalog with one more step in the volunteer role's first scope. */
function withStep(catalog: RoleConfiguration[], step: Record<string, unknown>): RoleConfiguration[] {
  return catalog.map((c) =>
    c.key !== 'volunteer'
      ? c
      : { ...c, scopes: c.scopes.map((s, i) => (i === 0 ? { ...s, steps: [...s.steps, step] } : s)) },
  ) as RoleConfiguration[];
}

const NEW_STEP = {
  id: 'meet-your-buddy',
  title: 'Meet your buddy',
  description: 'Say hello to the volunteer who shows you around.',
  icon: 'Users',
  category: 'Volunteer',
  content: {
    details: ['Your buddy answers questions in your first weeks.'],
    tasks: ['Send your buddy a message on Slack.'],
  },
};

/** The step ids a member sees and the ones they completed (GET /api/onboarding). */
async function memberSteps(cookie: string, app = t.app): Promise<{ ids: string[]; completed: string[] }> {
  const body = await onboardingView(app, cookie);
  return {
    ids: body.scopes.flatMap((s) => s.steps.map((st) => st.id)),
    completed: body.progress.completed.map((c) => c.stepId),
  };
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Ada' });
  await upsertMember(t.database.db, { email: FAY, role: 'finance', department: 'Finance', isAdmin: false });
});
afterAll(async () => {
  await t.close();
});

describe('start-up import and the published version', () => {
  it('imports the seed catalog as version 1 (kind import) on an empty database, with the files of content/assets', async () => {
    const s = await state();
    expect(s.draft).toBeNull();
    expect(s.published).toMatchObject({ version: 1, kind: 'import', restoredFrom: null, materialChanges: [] });
    expect(s.published.catalog.map((c) => c.key)).toEqual(['finance', 'volunteer']);
    expect(s.published.catalog).toEqual([...createTestCatalog().values()].sort((a, b) => a.key.localeCompare(b.key)));
    const assets = await t.app.inject({ method: 'GET', url: '/api/studio/assets', headers: headers(admin) });
    expect(assets.json<{ assets: StudioAsset[] }>().assets.map((a) => a.name)).toContain('logo.svg');
  });

  it('serves an imported file by hash with its type, nosniff and immutable caching (SVG sandboxed)', async () => {
    const assets = (await t.app.inject({ method: 'GET', url: '/api/studio/assets', headers: headers(admin) })).json<{
      assets: StudioAsset[];
    }>().assets;
    const logo = assets.find((a) => a.name === 'logo.svg');
    if (!logo) throw new Error('logo.svg was not imported');
    const res = await t.app.inject({ method: 'GET', url: logo.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: `/assets/content/by-hash/${'0'.repeat(64)}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/assets/content/by-hash/not-a-hash' })).statusCode).toBe(404);
  });
});

describe('drafts', () => {
  it('saves a draft, and answers 409 naming who saved when the editor started from an older copy', async () => {
    const { published } = await state();
    const first = await save(withStep(published.catalog, NEW_STEP), null);
    expect(first.statusCode).toBe(200);
    const draft = first.json<{ draft: StudioDraft }>().draft;
    expect(draft).toMatchObject({ baseVersion: 1, updatedBy: ADMIN, problems: [] });

    // A second editor who opened the studio before the first save (no draft then) is refused, and told who saved.
    const editor = 'eddie@inspired2uplift.org';
    const eddie = await signInEditor(t, { email: editor, name: 'Eddie' });
    const stale = await save(published.catalog, null, eddie);
    expect(stale.statusCode).toBe(409);
    const conflict = stale.json<{ message: string; draft: StudioDraft }>();
    expect(conflict.message).toContain(ADMIN);
    expect(conflict.draft.updatedAt).toBe(draft.updatedAt);
    // Nothing was overwritten.
    expect((await state()).draft?.catalog).toEqual(draft.catalog);

    // Starting from the stored draft works, and makes the first editor's copy stale in turn.
    t.clock.advance(1_000);
    const fresh = await save(draft.catalog, draft.updatedAt, eddie);
    expect(fresh.statusCode).toBe(200);
    expect((await save(draft.catalog, draft.updatedAt)).statusCode).toBe(409);
  });

  it('keeps a draft that does not validate, with its problems (role, path, message)', async () => {
    const s = await state();
    const broken = s.published.catalog.map((c) =>
      c.key === 'finance' ? { ...c, icon: 'NotAnIcon', inherits: ['finance'] } : c,
    );
    const res = await save(broken, s.draft?.updatedAt ?? null);
    expect(res.statusCode).toBe(200);
    const problems = res.json<{ draft: StudioDraft }>().draft.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: 'finance',
          path: 'icon',
          message: expect.stringContaining('unknown icon "NotAnIcon"'),
        }),
        expect.objectContaining({ role: 'finance', path: 'inherits', message: expect.stringContaining('circle') }),
      ]),
    );
    // Publishing it lists every problem and changes nothing.
    const refused = await publish();
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ problems: StudioProblem[] }>().problems.length).toBeGreaterThanOrEqual(2);
    expect((await state()).published.version).toBe(1);
  });

  it('names colliding ids and addresses of files that are not stored', async () => {
    const s = await state();
    const colliding = withStep(s.published.catalog, {
      ...NEW_STEP,
      id: 'set-up-slack',
      image: { src: `/assets/content/by-hash/${'a'.repeat(64)}`, alt: 'x' },
    });
    const res = await save(colliding, s.draft?.updatedAt ?? null);
    const problems = res.json<{ draft: StudioDraft }>().draft.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: 'volunteer',
          path: 'scopes[0].steps[3].id',
          message: expect.stringContaining('already used'),
        }),
        expect.objectContaining({
          role: 'volunteer',
          path: 'scopes[0].steps[3].image.src',
          message: expect.stringContaining('no stored file'),
        }),
      ]),
    );
  });

  it('saves only what changed (PATCH): the changed role, applied to the stored draft; a stale or unfitting patch is refused', async () => {
    const s = await state();
    const base = s.draft?.catalog ?? s.published.catalog;
    const patch = (body: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/studio/draft', headers: headers(admin), payload: body });
    const finance = base.find((c) => c.key === 'finance');
    const renamed = { ...finance, displayName: 'Finance team' };
    // A save is known by its time: this one is later than the stored draft.
    t.clock.advance(1_000);
    const res = await patch({
      baseUpdatedAt: s.draft?.updatedAt ?? null,
      roles: [renamed],
      order: base.map((c) => c.key),
    });
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json<{ draft: StudioDraft }>().draft;
    expect(draft.catalog).toEqual(base.map((c) => (c.key === 'finance' ? renamed : c)));
    expect((await state()).draft?.catalog).toEqual(draft.catalog);
    // Made from an older copy than the stored draft: 409 with the stored draft, nothing changes.
    const stale = await patch({ baseUpdatedAt: s.draft?.updatedAt ?? null, roles: [], order: ['volunteer'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ draft: StudioDraft }>().draft.updatedAt).toBe(draft.updatedAt);
    // An order naming a role the draft does not have.
    const unknown = await patch({ baseUpdatedAt: draft.updatedAt, roles: [], order: ['finance', 'treasury'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ message: string }>().message).toBe(
      'The role "treasury" is neither in the draft nor in the change.',
    );
    expect((await state()).draft?.updatedAt).toBe(draft.updatedAt);
  });

  it('discards the draft', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/studio/draft', headers: headers(admin) });
    expect(res.statusCode).toBe(204);
    expect((await state()).draft).toBeNull();
    expect((await publish()).statusCode).toBe(409);
  });
});

describe('publishing, history and restore', () => {
  let member: string;
  beforeAll(async () => {
    member = await signIn(t.app, { email: 'val@inspired2uplift.org', name: 'Val' });
  });

  it('publishes a new version that members see at once, audited, and the draft is gone', async () => {
    const before = await memberSteps(member);
    expect(before.ids).not.toContain(NEW_STEP.id);
    const s = await state();
    expect((await save(withStep(s.published.catalog, NEW_STEP), null)).statusCode).toBe(200);
    const res = await publish({ materialChanges: [], note: 'A buddy for every new volunteer' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ version: StudioVersionSummary }>().version).toMatchObject({
      version: 2,
      kind: 'publish',
      by: ADMIN,
      note: 'A buddy for every new volunteer',
    });
    const after = await memberSteps(member);
    expect(after.ids).toEqual([...before.ids, NEW_STEP.id]);
    expect((await state()).draft).toBeNull();
    const audit = await listAudit(t.database.db, { filters: { kind: 'content-publish' } });
    expect(audit.entries[0]).toMatchObject({ actorEmail: ADMIN, subject: 'version 2' });
  });

  it('publishes a draft once when two editors press Publish at the same moment', async () => {
    const before = (await state()).published.version;
    await save(
      withStep((await state()).published.catalog, {
        ...NEW_STEP,
        id: 'pick-up-your-badge',
        title: 'Pick up your badge',
      }),
      null,
    );
    const answers = await Promise.all([publish(), publish()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await state()).published.version).toBe(before + 1);
    // However the two interleave: a publish whose draft changed since it read it publishes nothing.
    const draft = (await save((await state()).published.catalog, null)).json<{ draft: StudioDraft }>().draft;
    const stale = publishCatalog(t.database.db, {
      configs: draft.catalog,
      kind: 'publish',
      restoredFrom: null,
      materialChanges: [],
      note: null,
      actor: { userId: null, email: ADMIN },
      at: t.clock.now,
      clearDraft: true,
      draftUpdatedAt: new Date(Date.parse(draft.updatedAt) - 1),
    });
    await expect(stale).rejects.toBeInstanceOf(DraftChangedError);
    expect((await state()).published.version).toBe(before + 1);
    expect((await state()).draft?.updatedAt).toBe(draft.updatedAt);
    await t.app.inject({ method: 'DELETE', url: '/api/studio/draft', headers: headers(admin) });
    // Back to version 2's catalog for the tests below.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/studio/versions/${before}/restore`, headers: headers(admin) }))
        .statusCode,
    ).toBe(200);
  });

  it('lists versions newest first; what changed is said in sentences by the studio, not by a diff route', async () => {
    const versions = (
      await t.app.inject({ method: 'GET', url: '/api/studio/versions', headers: headers(admin) })
    ).json<{ versions: StudioVersionSummary[] }>();
    expect(versions.versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    const one = await t.app.inject({ method: 'GET', url: '/api/studio/versions/1', headers: headers(admin) });
    expect(one.json<{ catalog: unknown[] }>().catalog).toHaveLength(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/studio/versions/9', headers: headers(admin) })).statusCode,
    ).toBe(404);
    // The history and publish dialogs compare two versions' catalogs themselves (change-sentences.ts): no screen
    // read the YAML-like diff this route gave, so it is gone.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/studio/diff?from=1&to=2', headers: headers(admin) })).statusCode,
    ).toBe(404);
  });

  it('asks to confirm removing a step members completed, keeps their record, and restores an earlier version', async () => {
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/steps/${NEW_STEP.id}`,
      headers: headers(member),
      payload: { completed: true },
    });
    expect(done.statusCode).toBe(200);
    const restore = (body?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/studio/versions/1/restore',
        headers: headers(admin),
        ...(body ? { payload: body } : {}),
      });
    const refused = await restore();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<StudioRemovalsConflict>().removals).toEqual([
      {
        stepId: NEW_STEP.id,
        itemId: null,
        role: 'volunteer',
        roleName: 'Volunteer',
        title: NEW_STEP.title,
        completedBy: 1,
      },
    ]);
    expect((await state()).published.version).toBe(4);

    const res = await restore({ confirmRemovals: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ version: StudioVersionSummary }>().version).toMatchObject({
      version: 5,
      kind: 'restore',
      restoredFrom: 1,
    });
    expect((await memberSteps(member)).ids).not.toContain(NEW_STEP.id);
    // The admin's member page still shows it, marked as removed, with the title it had.
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members/val%40inspired2uplift.org',
      headers: headers(admin),
    });
    expect(page.json<{ removedSteps: { id: string; title: string }[] }>().removedSteps).toEqual([
      expect.objectContaining({ id: NEW_STEP.id, title: NEW_STEP.title }),
    ]);
    expect((await listAudit(t.database.db, { filters: { kind: 'content-restore' } })).entries[0]).toMatchObject({
      subject: 'version 5',
    });

    // The record is kept: publishing the step again finds it completed.
    const s = await state();
    await save(withStep(s.published.catalog, NEW_STEP), null);
    expect((await publish()).statusCode).toBe(200);
    expect((await memberSteps(member)).completed).toContain(NEW_STEP.id);
  });

  it('publishes a material change as a version bump of an agreement step, and refuses it for a step without one', async () => {
    const s = await state();
    const agreement = {
      ...NEW_STEP,
      id: 'code-of-conduct',
      title: 'Read the code of conduct',
      isAcknowledgmentStep: true,
      content: { ...NEW_STEP.content, acknowledgments: [{ id: 'read', content: 'I have read the code of conduct.' }] },
    };
    await save(withStep(s.published.catalog, agreement), null);
    expect((await publish()).statusCode).toBe(200);
    // The member agrees to version 1.
    const tick = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/code-of-conduct/items/read',
      headers: headers(member),
      payload: { done: true, version: 1 },
    });
    expect(tick.statusCode, tick.body).toBe(200);
    const agree = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/code-of-conduct',
      headers: headers(member),
      payload: { completed: true, version: 1 },
    });
    expect(agree.statusCode, agree.body).toBe(200);
    expect((await memberSteps(member)).completed).toContain('code-of-conduct');
    const changed = (await state()).published.catalog.map((c) => ({ ...c }));
    await save(changed, null);
    const wrong = await publish({ materialChanges: [NEW_STEP.id] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ problems: StudioProblem[] }>().problems[0]?.message).toContain('cannot be a material change');
    const res = await publish({ materialChanges: ['code-of-conduct'], note: 'New rules about photos at events.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ version: StudioVersionSummary }>().version.materialChanges).toEqual(['code-of-conduct']);
    const step = (await state()).published.catalog
      .flatMap((c) => c.scopes.flatMap((sc) => sc.steps))
      .find((st) => st.id === 'code-of-conduct');
    expect(step).toMatchObject({
      version: 2,
      versionNote: 'New rules about photos at events.',
      versionDate: t.clock.now.toISOString().slice(0, 10),
    });
    // Exactly like a version bump: the member's next page load asks again (the step is not completed any more).
    expect((await memberSteps(member)).completed).not.toContain('code-of-conduct');
  });

  it('counts members per role and refuses to delete a role people have', async () => {
    const usage = (await t.app.inject({ method: 'GET', url: '/api/studio/usage', headers: headers(admin) })).json<{
      roles: { key: string; members: number }[];
    }>();
    expect(usage.roles.find((r) => r.key === 'finance')?.members).toBe(1);
    const s = await state();
    await save(
      s.published.catalog.filter((c) => c.key !== 'finance'),
      null,
    );
    const res = await publish();
    expect(res.statusCode).toBe(422);
    expect(res.json<{ problems: StudioProblem[] }>().problems).toEqual([
      expect.objectContaining({ role: 'finance', message: expect.stringContaining('1 person has the role "finance"') }),
    ]);
    await t.app.inject({ method: 'DELETE', url: '/api/studio/draft', headers: headers(admin) });
  });
});

describe('uploads', () => {
  const upload = (bytes: Uint8Array, contentType: string, name = 'file') =>
    t.app.inject({
      method: 'POST',
      url: `/api/studio/assets?name=${encodeURIComponent(name)}`,
      headers: { ...headers(admin), 'content-type': contentType },
      payload: Buffer.from(bytes),
    });
  const storedCount = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/studio/assets', headers: headers(admin) })).json<{
      assets: StudioAsset[];
    }>().assets.length;
  let png: Uint8Array;
  let pdf: Uint8Array;
  beforeAll(async () => {
    png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#15803d' } })
        .png()
        .toBuffer(),
    );
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Volunteer handbook');
    pdf = await doc.save();
  });

  it('stores a PNG and a PDF by SHA-256 and serves them from the database', async () => {
    const res = await upload(png, 'image/png', 'team.png');
    expect(res.statusCode).toBe(201);
    const asset = res.json<StudioAsset>();
    expect(asset).toMatchObject({
      sha256: sha256Hex(png),
      contentType: 'image/png',
      bytes: png.byteLength,
      name: 'team.png',
      by: ADMIN,
    });
    expect(asset.url).toBe(`/assets/content/by-hash/${sha256Hex(png)}`);
    // Only a draft can use it yet: the editors' preview (src/server/security-tests/draft-files.test.ts).
    const served = await t.app.inject({ method: 'GET', url: asset.url, headers: { cookie: admin } });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(served.rawPayload)).toEqual(png);
    // It keeps its name: a 'Download' saves it as team.png, not as its hash.
    expect(served.headers['content-disposition']).toBe(`inline; filename="team.png"; filename*=UTF-8''team.png`);
    const handbook = await upload(pdf, 'application/pdf', 'Manual de voluntários (2026).pdf');
    expect(handbook.statusCode).toBe(201);
    const servedPdf = await t.app.inject({
      method: 'GET',
      url: handbook.json<StudioAsset>().url,
      headers: { cookie: admin },
    });
    expect(servedPdf.headers['content-disposition']).toBe(
      `inline; filename="Manual de volunt_rios (2026).pdf"; filename*=UTF-8''Manual%20de%20volunt%C3%A1rios%20%282026%29.pdf`,
    );
  });

  it('refuses, storing nothing: an unknown type, SVG, a lying Content-Type, a broken PDF, an undecodable image, a file too large', async () => {
    const before = await storedCount();
    const cases: [Uint8Array, string, number, string][] = [
      [new TextEncoder().encode('hello'), 'text/plain', 415, ''],
      [
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        415,
        'SVG',
      ],
      [png, 'application/pdf', 422, 'PNG image, but it was sent as a PDF'],
      [pdf.slice(0, 40), 'application/pdf', 422, 'cannot be opened'],
      [png.slice(0, png.byteLength - 20), 'image/png', 422, 'cannot be read'],
      [new TextEncoder().encode('%PDF-1.7 not really'), 'image/png', 422, ''],
    ];
    for (const [bytes, type, status, message] of cases) {
      const res = await upload(bytes, type);
      expect(res.statusCode, `${type} ${message}`).toBe(status);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const big = new Uint8Array(STUDIO_ASSET_MAX_BYTES + 1);
    big.set(png);
    expect((await upload(big, 'image/png')).statusCode).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a picture of too many pixels as too large, naming the limit, and a decompression bomb under it', async () => {
    const before = await storedCount();
    // A whole 12,000 × 12,000 RGB picture (144 megapixels, 4 MB): before, "damaged or incomplete".
    const huge = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#15803d' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const tooLarge = await upload(huge, 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ message: string }>().message).toBe(
      'This picture is too large: 12000 × 12000 pixels, 144 megapixels; at most 50 megapixels can be uploaded. ' +
        'Save it smaller (a picture on a step needs at most about 2,000 pixels across) and upload that.',
    );
    // 49 megapixels, under the limit, in a 6 kB file that decodes to 147 MB: before, accepted and stored.
    const bomb = oneBitPng(7_000, 7_000);
    expect(bomb.byteLength).toBeLessThan(10_000);
    const refused = await upload(bomb, 'image/png');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^This picture says it is 7000 × 7000 pixels \(49 megapixels\) but the file is only \d+ kB: .*save it at the size it is shown/u,
    );
    // The same kind of file at a size that decodes cheaply is fine, and so is a plain white 12-megapixel PNG (42 kB).
    expect((await upload(oneBitPng(1_000, 1_000), 'image/png')).statusCode).toBe(201);
    const white = await sharp({ create: { width: 4_000, height: 3_000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await upload(white, 'image/png')).statusCode).toBe(201);
    expect(await storedCount()).toBe(before + 2);
  });

  it('lets a draft point to an uploaded file, and records the SHA-256 of an uploaded PDF a member read', async () => {
    const s = await state();
    const res = await save(
      withStep(s.published.catalog, {
        ...NEW_STEP,
        id: 'see-the-team',
        image: { src: `/assets/content/by-hash/${sha256Hex(png)}`, alt: 'The team' },
      }),
      null,
    );
    expect(res.json<{ draft: StudioDraft }>().draft.problems).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: '/api/studio/draft', headers: headers(admin) });

    const handbook = {
      ...NEW_STEP,
      id: 'read-the-handbook',
      title: 'Read the volunteer handbook',
      requiresScrollOrDownload: true,
      pdfUrl: `/assets/content/by-hash/${sha256Hex(pdf)}`,
    };
    await save(withStep((await state()).published.catalog, handbook), null);
    const published = await publish({ materialChanges: [], confirmRemovals: true });
    expect(published.statusCode, published.body).toBe(200);
    const reader = await signIn(t.app, { email: 'rea@inspired2uplift.org', name: 'Rea' });
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/read-the-handbook',
      headers: headers(reader),
      payload: { completed: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const { user } = meResponseSchema.parse(
      (await t.app.inject({ url: '/api/me', headers: { cookie: reader } })).json(),
    );
    const records = await listAcknowledgmentsOfUser(t.database.db, user.id);
    expect(records.map((r) => [r.stepId, r.documentHash])).toEqual([['read-the-handbook', sha256Hex(pdf)]]);
  });
});

describe('a second app instance on the same database', () => {
  it('serves a new version without restart', async () => {
    const pool = t.database.driver.kind === 'postgres' ? t.database.driver.pool : undefined;
    // PGlite is one process's database: the second instance shares it; on PostgreSQL it has its own pool.
    const second: OpenDatabase = pool
      ? await openDatabase({ url: String(pool.options.connectionString) })
      : { ...t.database, close: async () => {} };
    const other = await createTestApp({ env: { ADMIN_EMAILS: ADMIN }, database: second });
    try {
      const cookie = await signIn(other.app, { email: 'sam@inspired2uplift.org', name: 'Sam' });
      const seen = async () => (await memberSteps(cookie, other.app)).ids;
      expect(await seen()).not.toContain('second-instance-step');
      const s = await state();
      await save(
        withStep(s.published.catalog, { ...NEW_STEP, id: 'second-instance-step', title: 'Find the kitchen' }),
        null,
      );
      expect((await publish()).statusCode).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!(await seen()).includes('second-instance-step') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await seen()).toContain('second-instance-step');
      expect(other.app.content.version).toBe(t.app.content.version);
    } finally {
      await other.close();
    }
  });
});

describe('an item removed after members ticked it', () => {
  it('asks to confirm, then keeps the tick on the member page, marked as removed, with the text it had', async () => {
    const cookie = await signIn(t.app, { email: 'kit@inspired2uplift.org', name: 'Kit' });
    const checklistStep = {
      id: 'pack-your-bag',
      title: 'Pack your bag for the first meeting',
      description: 'A few things to bring.',
      icon: 'Users',
      category: 'Volunteer',
      isChecklistStep: true,
      content: {
        checklist: [
          { id: 'water-bottle', text: 'A water bottle' },
          { id: 'charged-phone', text: 'Your phone, charged' },
        ],
      },
    };
    const s = await state();
    await save(withStep(s.published.catalog, checklistStep), null);
    expect((await publish()).statusCode).toBe(200);
    const ticked = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/steps/${checklistStep.id}/items/water-bottle`,
      headers: headers(cookie),
      payload: { done: true },
    });
    expect(ticked.statusCode, ticked.body).toBe(200);

    const withoutBottle = {
      ...checklistStep,
      content: { checklist: [{ id: 'charged-phone', text: 'Your phone, charged' }] },
    };
    const s2 = await state();
    await save(
      withStep(
        s2.published.catalog.map((c) => ({
          ...c,
          scopes: c.scopes.map((sc) => ({ ...sc, steps: sc.steps.filter((st) => st.id !== checklistStep.id) })),
        })) as RoleConfiguration[],
        withoutBottle,
      ),
      null,
    );
    const refused = await publish();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<StudioRemovalsConflict>().removals).toEqual([
      expect.objectContaining({ stepId: checklistStep.id, itemId: 'water-bottle', completedBy: 1 }),
    ]);
    expect((await publish({ materialChanges: [], confirmRemovals: true })).statusCode).toBe(200);

    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members/kit%40inspired2uplift.org',
      headers: headers(admin),
    });
    expect(page.statusCode).toBe(200);
    const step = page.json<MemberDetail>().steps.find((st) => st.id === checklistStep.id);
    expect(step?.items).toEqual([
      { id: 'charged-phone', kind: 'checklist', text: 'Your phone, charged', doneAt: null },
      { id: 'water-bottle', kind: 'checklist', text: 'A water bottle', doneAt: expect.any(String), removed: true },
    ]);
  });
});

/**
 * A black 1-bit greyscale PNG built byte by byte (PNG specification: signature, IHDR, one zlib IDAT, IEND): all-zero
 * rows deflate about 1,000 : 1, so the file is tiny whatever its size in pixels.
 */
function oneBitPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.byteLength);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13); // bit depth 1, colour type 0 (greyscale), deflate, adaptive filters, no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter type 0, then zero bits
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
