import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberAcknowledgmentsResponseSchema,
  pendingAgreementsResponseSchema,
  signStepResponseSchema,
  receiptCheckSchema,
  verifyResponseSchema,
} from '../../../shared/acknowledgments-api.js';
import { meResponseSchema } from '../../../shared/api.js';
import type { Step } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { buildApp } from '../../app.js';
import { sortedConfigs } from '../../content/published-content.js';
import { publishCatalog } from '../studio/studio.service.js';
import { membersPageSchema } from '../../../shared/admin-api.js';
import { acknowledgments, auditLog } from '../../db/schema.js';
import { upsertMember, setMemberLeft } from '../members/members.repository.js';
import { completeStep } from '../progress/progress.repository.js';
import { sweepDueAgreements } from './due-again.js';
import { projectRoot } from '../../project-root.js';
import { agreementSentence } from '../../../shared/acknowledgments.js';
import { pdfPageTexts } from '../../test/pdf-text.js';
import {
  createTestApp,
  sendOwnOriginByDefault,
  signIn,
  signInWithGoogleSession,
  updateStoredUser,
  type TestApp,
} from '../../test/test-app.js';
import { onboardingView } from '../../test/onboarding-view.js';
import { signInWithRole } from '../../test/test-members.js';
import { agreementStep, testRoleCatalog, VALUES_STEP } from '../../test/test-roles.js';
import * as repository from './acknowledgments.repository.js';
import { sha256Hex } from '../../hashing.js';
import { canonicalStepText, stepTextHash } from './content-hash.js';
import { NO_SIGNATURE_MESSAGE, NOT_A_PDF_MESSAGE } from './acknowledgments.routes.js';
import { DRAFT_RECEIPT_NOTICE, DRAFT_STAMP } from './receipt.js';
import { SIGNATURE_REQUIRED_MESSAGE } from '../progress/progress.service.js';
import { STEP_CHANGED_MESSAGE } from '../progress/step-rules.js';

const ADMIN = 'admin@inspired2uplift.org';

/** The values step (two acknowledgment items), the agreement (a PDF and a signature) and a yearly code of conduct. */
function agreementCatalog(version = 1, { draft = false } = {}): RoleCatalog {
  return testRoleCatalog([
    VALUES_STEP,
    agreementStep({
      ...(draft ? { pdfDraft: true } : {}),
      version,
      ...(version > 1 ? { versionDate: '2025-12-03', versionNote: 'The section on photos is new.' } : {}),
      content: { details: ['The agreement is three short pages.'] },
    }),
    {
      id: 'code-of-conduct',
      title: 'Read the code of conduct',
      description: 'Yearly.',
      icon: 'BookOpen',
      category: 'Test',
      isAcknowledgmentStep: true,
      renewEveryDays: 365,
      content: { acknowledgments: [{ id: 'read-it', content: 'I have read the code of conduct.' }] },
    },
    { id: 'plain', title: 'A plain step', description: 'Plain.', icon: 'User', category: 'Test' },
  ]);
}

let t: TestApp;
let agreementPdf: Uint8Array;
beforeAll(async () => {
  t = await createTestApp({ catalog: agreementCatalog(), env: { ADMIN_EMAILS: ADMIN } });
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Volunteer Agreement page one', { x: 50, y: 700, font, size: 14 });
  pdf.addPage().drawText('Volunteer Agreement page two', { x: 50, y: 700, font, size: 14 });
  agreementPdf = await pdf.save();
  writeFileSync(path.join(t.config.contentDir, 'assets', 'agreement.pdf'), agreementPdf);
});
afterAll(async () => {
  await t.close();
});

const signInAsTester = (email: string) => signInWithRole(t, email, 'test', 'Test Person');

const recordsOf = (email: string) =>
  t.database.db.select().from(acknowledgments).where(eq(acknowledgments.email, email)).orderBy(acknowledgments.seq);

const onboarding = (cookie: string, app = t.app) => onboardingView(app, cookie);

const sign = (cookie: string, stepId: string, payload: unknown, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/acknowledgments/steps/${stepId}/signature`,
    headers: { cookie },
    payload: payload as Record<string, unknown>,
  });

const stepOf = (catalog: RoleCatalog, id: string): Step => {
  const found = [...catalog.values()].flatMap((c) => c.scopes.flatMap((s) => s.steps)).find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
};

describe('content hash', () => {
  const step = stepOf(agreementCatalog(), 'our-values');

  it('is SHA-256 over RFC 8785 canonical JSON of title, details and items, the same in another process', () => {
    expect(canonicalStepText(step)).toBe(
      '{"details":["We treat each other with respect."],"items":[{"content":"I will include everyone.","id":"inclusion"},' +
        '{"content":"I will act with integrity.","id":"integrity"}],"title":"Our values"}',
    );
    // Fixed for ever (checked with sha256sum of the string above): a stored hash must match in any later process.
    expect(stepTextHash(step)).toBe('e65b9402b857aa9ac4be5be5a2d020f1da7e3e2ead750e1979b6dc932719e1cc');
    const script = `import c from 'canonicalize'; import { createHash } from 'node:crypto';
      const s = ${JSON.stringify({ title: step.title, content: step.content })};
      const t = c({ items: s.content.acknowledgments.map((i) => ({ content: i.content, id: i.id })), title: s.title, details: s.content.details });
      process.stdout.write(createHash('sha256').update(t).digest('hex'));`;
    const other = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: projectRoot,
    }).toString();
    expect(other).toBe(stepTextHash(step));
  });

  it('changes with one changed character of the title, a detail or an item', () => {
    const base = stepTextHash(step);
    const changed = (edit: (s: Step) => void) => {
      const copy = structuredClone(step);
      edit(copy);
      return stepTextHash(copy);
    };
    expect(changed((s) => (s.title = 'Our valuez'))).not.toBe(base);
    expect(changed((s) => (s.content.details[0] = 'We treat each other with respect!'))).not.toBe(base);
    expect(changed((s) => (s.content.acknowledgments[1]!.content = 'I will act with integrity!'))).not.toBe(base);
    // Fields that are not agreed text (e.g. the description) do not change it.
    expect(changed((s) => (s.description = 'Something else.'))).toBe(base);
  });
});

describe('the acknowledgment record', () => {
  it('records each new acknowledgment tick and the completion with version, hashes, time, e-mail and sign-in method', async () => {
    const email = 'values@inspired2uplift.org';
    const cookie = await signInWithGoogleSession(t, { email });
    await updateStoredUser(t, email, { role: 'test' });
    const step = stepOf(agreementCatalog(), 'our-values');
    const tick = (itemId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/progress/steps/our-values/items/${itemId}`,
        headers: { cookie },
        payload: { done: true, version: 1 },
      });
    expect((await tick('inclusion')).statusCode).toBe(200);
    expect((await tick('inclusion')).statusCode).toBe(200); // ticked already: no second record
    t.clock.advance(1000);
    expect((await tick('integrity')).statusCode).toBe(200);
    const rows = await recordsOf(email);
    expect(rows.map((r) => [r.kind, r.itemId])).toEqual([
      ['item', 'inclusion'],
      ['item', 'integrity'],
      ['completion', null],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        stepId: 'our-values',
        stepTitle: 'Our values',
        stepVersion: 1,
        textHash: stepTextHash(step),
        documentHash: null,
        signInMethod: 'google',
        email,
        signedName: null,
      });
    }
    expect(rows[2]?.at.toISOString()).toBe(t.clock.now.toISOString());
    // The same content gives the same hash in this database as computed in this process.
    const [stored] = await t.database.db
      .execute<{ h: string }>(sql`select encode(sha256(convert_to(${canonicalStepText(step)}, 'UTF8')), 'hex') as h`)
      .then((r) => (r as unknown as { rows: { h: string }[] }).rows);
    expect(stored?.h).toBe(rows[0]?.textHash);
  });

  it('is append-only: the repository has no update or delete, and the database refuses both', async () => {
    const source = readFileSync(
      path.join(projectRoot, 'src/server/modules/acknowledgments/acknowledgments.repository.ts'),
      'utf8',
    );
    expect(source).not.toMatch(/\.(update|delete)\(/);
    expect(source).not.toMatch(/\b(update|delete|truncate)\s+/i);
    expect(Object.keys(repository).filter((name) => /update|delete|remove|set|change|clear/i.test(name))).toEqual([]);
    const before = await t.database.db.select().from(acknowledgments);
    expect(before.length).toBeGreaterThan(0);
    await expect(t.database.db.update(acknowledgments).set({ signedName: 'x' })).rejects.toThrow();
    await expect(t.database.db.delete(acknowledgments)).rejects.toThrow();
    expect(await t.database.db.select().from(acknowledgments)).toEqual(before);
  });
});

describe('signing', () => {
  it('refuses bad input with a clear 4xx and records nothing', async () => {
    const email = 'bad-input@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    const cases: [unknown, string, number, RegExp][] = [
      [{ name: '', agree: true, version: 1 }, 'sign-agreement', 400, /Type your full name/],
      [{ name: '   ', agree: true, version: 1 }, 'sign-agreement', 400, /Type your full name/],
      [{ name: 'x'.repeat(300), agree: true, version: 1 }, 'sign-agreement', 400, /at most 200 characters/],
      // Invisible names: zero-width, bidi override, control, combining characters only; a bidi control anywhere.
      [{ name: '\u200B\u200C\u200D\u2060', agree: true, version: 1 }, 'sign-agreement', 400, /hidden character/],
      [{ name: '\u0301\u0308\u20DD', agree: true, version: 1 }, 'sign-agreement', 400, /in letters/],
      [{ name: '\u3164\uFFA0', agree: true, version: 1 }, 'sign-agreement', 400, /hidden character/],
      [{ name: '1234 .-', agree: true, version: 1 }, 'sign-agreement', 400, /in letters/],
      [{ name: '\u202E\u202D', agree: true, version: 1 }, 'sign-agreement', 400, /hidden character/],
      [{ name: 'Sam \u202Eeel', agree: true, version: 1 }, 'sign-agreement', 400, /hidden character/],
      [{ name: 'Sam\u2066 Lee\u2069', agree: true, version: 1 }, 'sign-agreement', 400, /hidden character/],
      [{ name: 'Sam\u0007Lee', agree: true, version: 1 }, 'sign-agreement', 400, /hidden character/],
      [{ name: 'Sam\nLee', agree: true, version: 1 }, 'sign-agreement', 400, /hidden character/],
      [{ name: 'Sam Lee', agree: false, version: 1 }, 'sign-agreement', 400, /I have read and agree/],
      [{ name: 'Sam Lee', version: 1 }, 'sign-agreement', 400, /agree/],
      [
        { name: 'Sam Lee', agree: true, version: 2 },
        'sign-agreement',
        409,
        new RegExp(STEP_CHANGED_MESSAGE.slice(0, 30)),
      ],
      [{ name: 'Sam Lee', agree: true, version: 1 }, 'plain', 400, new RegExp(NO_SIGNATURE_MESSAGE.slice(0, 30))],
      [{ name: 'Sam Lee', agree: true, version: 1 }, 'our-values', 400, new RegExp(NO_SIGNATURE_MESSAGE.slice(0, 30))],
      [{ name: 'Sam Lee', agree: true, version: 1 }, 'change-password', 404, /not part of your onboarding/],
    ];
    for (const [payload, stepId, status, message] of cases) {
      const res = await sign(cookie, stepId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    // A tick for an item of another version, and completing the signature step without signing.
    const tick = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/our-values/items/inclusion',
      headers: { cookie },
      payload: { done: true, version: 2 },
    });
    expect(tick.statusCode).toBe(409);
    expect(tick.json().message).toBe(STEP_CHANGED_MESSAGE);
    const complete = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/sign-agreement',
      headers: { cookie },
      payload: { completed: true },
    });
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toBe(SIGNATURE_REQUIRED_MESSAGE);
    expect(await recordsOf(email)).toEqual([]);
    expect((await onboarding(cookie)).progress.completed).toEqual([]);
  });

  it('signs with the typed name, completes the step and gives a receipt with the agreement, name, hash and date', async () => {
    const email = 'signer@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    const res = await sign(cookie, 'sign-agreement', { name: '  Sam Lee  ', agree: true, version: 1 });
    expect(res.statusCode).toBe(200);
    const { acknowledgment, step } = signStepResponseSchema.parse(res.json());
    expect(step).toEqual({ stepId: 'sign-agreement', completed: true, completedAt: t.clock.now.toISOString() });
    expect(acknowledgment).toMatchObject({
      kind: 'signature',
      signedName: 'Sam Lee',
      email,
      signInMethod: 'development',
      stepVersion: 1,
      documentHash: sha256Hex(agreementPdf),
      at: t.clock.now.toISOString(),
    });
    const shown = await onboarding(cookie);
    expect(shown.progress.completed.map((c) => c.stepId)).toEqual(['sign-agreement']);
    expect(shown.progress.agreements).toEqual([
      {
        stepId: 'sign-agreement',
        recordId: acknowledgment.id,
        kind: 'signature',
        version: 1,
        at: acknowledgment.at,
        due: null,
      },
    ]);

    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/acknowledgments/${acknowledgment.id}/receipt.pdf`,
      headers: { cookie },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPageTexts(receipt.rawPayload);
    expect(pages).toHaveLength(3); // the two pages of the agreement, then the signature page
    expect(pages[0]).toContain('Volunteer Agreement page one');
    const last = pages[2] ?? '';
    const at = new Date(acknowledgment.at);
    const utc = `${acknowledgment.at.slice(0, 10)} ${acknowledgment.at.slice(11, 19)} UTC`;
    const london = `${at.getUTCHours() + 1}:${acknowledgment.at.slice(14, 19)} BST`; // 1 April: British Summer Time
    for (const text of ['Sam Lee', email, sha256Hex(agreementPdf), acknowledgment.id, utc, '1 April 2025', london]) {
      expect(last).toContain(text);
    }
    // The receipt quotes word for word the sentence ticked in the signature dialog (signature-dialog.test.tsx finds
    // the same sentence as the dialog's checkbox), not one made from the step's title.
    expect(agreementSentence('Sign the Volunteer Agreement')).toBe('I have read and agree to the Volunteer Agreement.');
    expect(last.replace(/\s+/g, ' ')).toContain(
      'Sam Lee confirmed: "I have read and agree to the Volunteer Agreement."',
    );
    // The final agreement's receipt is not stamped as a draft.
    expect(pages.join(' ')).not.toContain(DRAFT_STAMP);

    // Someone else may not have it; an admin may.
    const other = await signInAsTester('someone-else@inspired2uplift.org');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/acknowledgments/${acknowledgment.id}/receipt.pdf`,
      headers: { cookie: other },
    });
    expect(refused.statusCode).toBe(404);
    const admin = await signIn(t.app, { email: ADMIN });
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/acknowledgments/${acknowledgment.id}/receipt.pdf`,
      headers: { cookie: admin },
    });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.rawPayload.length).toBeGreaterThan(1000);

    // Verify: the receipt's hashes match a record; another does not; only admins may ask.
    const verify = (hash: string, who = admin) =>
      t.app.inject({ method: 'GET', url: `/api/acknowledgments/verify?hash=${hash}`, headers: { cookie: who } });
    const match = verifyResponseSchema.parse((await verify(sha256Hex(agreementPdf).toUpperCase())).json());
    expect(match.matches).toBe(true);
    expect(match.records.map((r) => r.id)).toContain(acknowledgment.id);
    expect(verifyResponseSchema.parse((await verify(sha256Hex('other'))).json())).toMatchObject({
      matches: false,
      records: [],
    });
    expect((await verify('not-a-hash')).statusCode).toBe(400);
    expect((await verify(sha256Hex(agreementPdf), cookie)).statusCode).toBe(403);

    // Checking a receipt (the admin console's page): the receipt PDF itself names its record.
    const check = (body: Buffer | Uint8Array | string, who = admin, type = 'application/pdf') =>
      t.app.inject({
        method: 'POST',
        url: '/api/acknowledgments/check-receipt',
        headers: { cookie: who, 'content-type': type },
        payload: Buffer.from(body),
      });
    const genuine = receiptCheckSchema.parse((await check(forAdmin.rawPayload)).json());
    expect(genuine).toMatchObject({ found: 'receipt', matches: true, problem: null, draft: false });
    expect(genuine.records.map((r) => [r.id, r.email, r.signedName, r.stepVersion])).toEqual([
      [acknowledgment.id, email, 'Sam Lee', 1],
    ]);
    // A receipt whose hash was changed after it was made.
    const altered = await PDFDocument.load(forAdmin.rawPayload, { updateMetadata: false });
    altered.setKeywords([`receipt-record:${acknowledgment.id}`, `text-sha256:${sha256Hex('other text')}`]);
    const changed = receiptCheckSchema.parse((await check(await altered.save())).json());
    expect(changed).toMatchObject({ found: 'receipt', matches: false });
    expect(changed.problem).toContain('the receipt was changed after it was made');
    // The agreed document itself: the signatures of it.
    const document = receiptCheckSchema.parse((await check(agreementPdf)).json());
    expect(document.found).toBe('document');
    expect(document.records.map((r) => r.id)).toContain(acknowledgment.id);
    // Another PDF; a file that is no PDF; someone who is not an admin.
    const otherPdf = await PDFDocument.create();
    otherPdf.addPage();
    expect(receiptCheckSchema.parse((await check(await otherPdf.save())).json())).toMatchObject({
      found: 'unknown',
      matches: false,
      records: [],
    });
    const notPdf = await check('just some text');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ message: NOT_A_PDF_MESSAGE });
    expect((await check(forAdmin.rawPayload, admin, 'text/html')).statusCode).toBe(415);
    expect((await check(forAdmin.rawPayload, cookie)).statusCode).toBe(403);
  });

  it('prints names with accents, Greek or Cyrillic as typed; a script it cannot draw shows "?" and says so', async () => {
    const receiptOf = async (email: string, name: string) => {
      const cookie = await signInAsTester(email);
      const res = await sign(cookie, 'sign-agreement', { name, agree: true, version: 1 });
      expect(res.statusCode).toBe(200);
      const { acknowledgment } = signStepResponseSchema.parse(res.json());
      expect(acknowledgment.signedName).toBe(name); // the record keeps the name exactly
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/api/acknowledgments/${acknowledgment.id}/receipt.pdf`,
        headers: { cookie },
      });
      return (await pdfPageTexts(receipt.rawPayload)).at(-1) ?? '';
    };
    const european = await receiptOf('lukasz@inspired2uplift.org', 'Łukasz Şahin-Nguyễn Дарья Ωμέγα');
    expect(european).toContain('Łukasz Şahin-Nguyễn Дарья Ωμέγα');
    expect(european).not.toContain('cannot be printed');
    const arabic = await receiptOf('sara@inspired2uplift.org', 'سارة Ali');
    expect(arabic).toContain('???? Ali');
    expect(arabic).toContain('Some characters of this name cannot be printed on this receipt');
  });
});

describe('a draft agreement (docs/product.md#placeholders)', () => {
  let draftApp: TestApp;
  beforeAll(async () => {
    draftApp = await createTestApp({ catalog: agreementCatalog(1, { draft: true }), env: { ADMIN_EMAILS: ADMIN } });
    writeFileSync(path.join(draftApp.config.contentDir, 'assets', 'agreement.pdf'), agreementPdf);
  });
  afterAll(async () => {
    await draftApp.close();
  });

  it('gives a receipt that says DRAFT on every page, the agreement pages too, and says what was signed', async () => {
    const email = 'draft-signer@inspired2uplift.org';
    const cookie = await signInWithRole(draftApp, email, 'test', 'Test Person');
    const res = await sign(cookie, 'sign-agreement', { name: 'Sam Lee', agree: true, version: 1 }, draftApp.app);
    expect(res.statusCode).toBe(200);
    const { acknowledgment } = signStepResponseSchema.parse(res.json());
    const receipt = await draftApp.app.inject({
      method: 'GET',
      url: `/api/acknowledgments/${acknowledgment.id}/receipt.pdf`,
      headers: { cookie },
    });
    expect(receipt.statusCode).toBe(200);
    const pages = await pdfPageTexts(receipt.rawPayload);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Volunteer Agreement page one');
    for (const page of pages) expect(page).toContain(DRAFT_STAMP);
    expect((pages[2] ?? '').replace(/\s+/gu, ' ')).toContain(DRAFT_RECEIPT_NOTICE);
    // Checking the receipt says that the document signed was a draft.
    const admin = await signIn(draftApp.app, { email: ADMIN });
    const check = await draftApp.app.inject({
      method: 'POST',
      url: '/api/acknowledgments/check-receipt',
      headers: { cookie: admin, 'content-type': 'application/pdf' },
      payload: receipt.rawPayload,
    });
    expect(receiptCheckSchema.parse(check.json())).toMatchObject({ found: 'receipt', matches: true, draft: true });
  });

  it('gives the draft document itself, as downloaded, stamped DRAFT on every page; the final one as it is', async () => {
    const cookie = await signIn(draftApp.app, { email: 'draft-reader@inspired2uplift.org' });
    const download = async (app: TestApp['app'], who = cookie) =>
      app.inject({ method: 'GET', url: '/api/steps/sign-agreement/document.pdf', headers: { cookie: who } });
    const draft = await download(draftApp.app);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['content-disposition']).toContain('filename="agreement-DRAFT.pdf"');
    const pages = await pdfPageTexts(draft.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Volunteer Agreement page one');
    for (const page of pages) expect(page).toContain(DRAFT_STAMP);
    // The final document (the main app's step is no draft) is the file itself.
    const final = await download(t.app, await signIn(t.app, { email: 'final-reader@inspired2uplift.org' }));
    expect(final.statusCode).toBe(200);
    expect(Buffer.compare(final.rawPayload, Buffer.from(agreementPdf))).toBe(0);
    // A step without a document of ours: 404.
    const none = await draftApp.app.inject({
      method: 'GET',
      url: '/api/steps/plain/document.pdf',
      headers: { cookie },
    });
    expect(none.statusCode).toBe(404);
  });
});

/**
 * Publishes the agreement catalog with the agreement at `version` as the next content version (as the content studio
 * does) and waits until the test's app serves it.
 */
async function publishAgreementCatalog(version: number): Promise<void> {
  await publishCatalog(t.database.db, {
    configs: sortedConfigs(agreementCatalog(version).values()),
    kind: 'publish',
    restoredFrom: null,
    materialChanges: [],
    note: null,
    actor: { userId: null, email: ADMIN },
    at: t.clock.now,
    clearDraft: false,
  });
  await t.app.content.settled();
}

describe('content changes and renewal', () => {
  it('asks again after a version bump: the step is not completed until agreed again, and both versions stay recorded', async () => {
    const email = 'again@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await sign(cookie, 'sign-agreement', { name: 'Ali Khan', agree: true, version: 1 })).statusCode).toBe(200);
    expect((await onboarding(cookie)).progress.completed.map((c) => c.stepId)).toEqual(['sign-agreement']);

    // The same database, now with version 2 of the agreement (as after publishing a material change).
    await publishAgreementCatalog(2);
    const v2 = await buildApp({
      config: t.config,
      db: t.database.db,
      catalog: agreementCatalog(2),
      clientDistDir: null,
      now: () => t.clock.now,
    });
    sendOwnOriginByDefault(v2, 'http://localhost');
    try {
      const shown = await onboarding(cookie, v2);
      expect(shown.progress.completed).toEqual([]);
      expect(shown.progress.agreements).toMatchObject([{ stepId: 'sign-agreement', version: 1, due: 'changed' }]);
      const step = shown.scopes[0]?.steps.find((s) => s.id === 'sign-agreement');
      expect(step).toMatchObject({
        version: 2,
        versionDate: '2025-12-03',
        versionNote: 'The section on photos is new.',
      });
      // Signing what was read before the change is refused.
      expect((await sign(cookie, 'sign-agreement', { name: 'Ali Khan', agree: true, version: 1 }, v2)).statusCode).toBe(
        409,
      );

      const admin = await signIn(v2, { email: ADMIN });
      const forAdmin = async () =>
        memberAcknowledgmentsResponseSchema.parse(
          (
            await v2.inject({
              method: 'GET',
              url: `/api/admin/members/${email}/acknowledgments`,
              headers: { cookie: admin },
            })
          ).json(),
        );
      expect((await forAdmin()).due).toEqual([
        { stepId: 'sign-agreement', stepTitle: 'Sign the Volunteer Agreement', due: 'changed' },
      ]);

      t.clock.advance(60_000);
      expect((await sign(cookie, 'sign-agreement', { name: 'Ali Khan', agree: true, version: 2 }, v2)).statusCode).toBe(
        200,
      );
      const after = await onboarding(cookie, v2);
      expect(after.progress.completed.map((c) => c.stepId)).toEqual(['sign-agreement']);
      expect(after.progress.agreements).toMatchObject([{ version: 2, due: null }]);
      const listed = await forAdmin();
      expect(listed.due).toEqual([]);
      expect(listed.acknowledgments.map((a) => [a.kind, a.stepVersion])).toEqual([
        ['signature', 2],
        ['signature', 1],
      ]);
    } finally {
      await v2.close();
      await publishAgreementCatalog(1);
    }
  });

  it('asks again when an agreement with renewEveryDays lapses (controllable clock)', async () => {
    const email = 'yearly@inspired2uplift.org';
    let cookie = await signInAsTester(email);
    const tick = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/progress/steps/code-of-conduct/items/read-it',
        headers: { cookie },
        payload: { done: true },
      });
    expect((await tick()).statusCode).toBe(200);
    t.clock.advance(364 * 86_400_000);
    cookie = await signInAsTester(email); // the old session has expired
    expect((await onboarding(cookie)).progress.completed.map((c) => c.stepId)).toEqual(['code-of-conduct']);
    t.clock.advance(2 * 86_400_000);
    const lapsed = await onboarding(cookie);
    expect(lapsed.progress.completed).toEqual([]);
    expect(lapsed.progress.items).toEqual([]);
    expect(lapsed.progress.agreements).toMatchObject([{ stepId: 'code-of-conduct', due: 'renew' }]);
    expect((await tick()).statusCode).toBe(200);
    const renewed = await onboarding(cookie);
    expect(renewed.progress.completed.map((c) => c.stepId)).toEqual(['code-of-conduct']);
    expect(renewed.progress.agreements).toMatchObject([{ stepId: 'code-of-conduct', due: null }]);
    expect((await recordsOf(email)).map((r) => r.kind)).toEqual(['item', 'completion', 'item', 'completion']);
  });
});

describe('agreements due again for everyone', () => {
  /** An app on the same database with version 2 of the agreement published (as after a material change). */
  const withVersion2 = async () => {
    await publishAgreementCatalog(2);
    const v2 = buildApp({
      config: t.config,
      db: t.database.db,
      catalog: agreementCatalog(2),
      clientDistDir: null,
      now: () => t.clock.now,
    });
    return v2.then((app) => {
      sendOwnOriginByDefault(app, 'http://localhost');
      return app;
    });
  };
  const adminGet = async (app: typeof t.app, url: string) => {
    const admin = await signIn(app, { email: ADMIN });
    const res = await app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    return res.json() as unknown;
  };
  const pendingOf = async (app: typeof t.app, email: string) =>
    pendingAgreementsResponseSchema
      .parse(await adminGet(app, '/api/admin/acknowledgments/pending'))
      .pending.filter((p) => p.email === email);
  const rowOf = async (app: typeof t.app, email: string) =>
    membersPageSchema.parse(await adminGet(app, `/api/admin/members?search=${encodeURIComponent(email)}`)).items[0];

  it('a version bump lowers the admin table at once and lists the member as pending, before they come back', async () => {
    const email = 'sweep-signed@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await sign(cookie, 'sign-agreement', { name: 'Noor Ahmed', agree: true, version: 1 })).statusCode).toBe(
      200,
    );
    expect((await rowOf(t.app, email))?.completedSteps).toBe(1);

    const v2 = await withVersion2();
    try {
      // The member has not opened their dashboard since: the sweep alone makes the step not completed.
      expect(
        await sweepDueAgreements({
          db: t.database.db,
          catalog: agreementCatalog(2),
          now: t.clock.now,
          timeZone: 'Europe/London',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(await rowOf(v2, email)).toMatchObject({ completedSteps: 0, percent: 0 });
      expect(await pendingOf(v2, email)).toEqual([
        expect.objectContaining({
          stepId: 'sign-agreement',
          version: 2,
          due: 'changed',
          agreedVersion: 1,
          recorded: true,
        }),
      ]);
      // A second sweep finds nothing more to do.
      expect(
        await sweepDueAgreements({
          db: t.database.db,
          catalog: agreementCatalog(2),
          now: t.clock.now,
          timeZone: 'Europe/London',
        }),
      ).toBe(0);
      // Filter by step: another step lists nobody for them.
      const other = pendingAgreementsResponseSchema.parse(
        await adminGet(v2, '/api/admin/acknowledgments/pending?stepId=code-of-conduct'),
      );
      expect(other.pending.filter((p) => p.email === email)).toEqual([]);

      t.clock.advance(60_000);
      expect(
        (await sign(cookie, 'sign-agreement', { name: 'Noor Ahmed', agree: true, version: 2 }, v2)).statusCode,
      ).toBe(200);
      expect(await pendingOf(v2, email)).toEqual([]);
      expect((await rowOf(v2, email))?.completedSteps).toBe(1);
    } finally {
      await v2.close();
      await publishAgreementCatalog(1);
    }
  });

  it('a completion from before the records counts as version 1: asked again after a bump, and still listed once swept', async () => {
    const email = 'before-records@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    const { user } = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    );
    await completeStep(t.database.db, user.id, 'sign-agreement', t.clock.now); // as written before agreements were recorded
    expect((await onboarding(cookie)).progress.completed.map((c) => c.stepId)).toEqual(['sign-agreement']);
    expect(await recordsOf(email)).toEqual([]);

    const v2 = await withVersion2();
    try {
      expect(await pendingOf(v2, email)).toEqual([
        expect.objectContaining({ stepId: 'sign-agreement', due: 'changed', agreedVersion: 1, recorded: false }),
      ]);
      await sweepDueAgreements({
        db: t.database.db,
        catalog: agreementCatalog(2),
        now: t.clock.now,
        timeZone: 'Europe/London',
      });
      expect((await onboarding(cookie, v2)).progress.completed).toEqual([]);
      // Only the audit log remembers that they had agreed once; the list still names them.
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'agreement-due-again'));
      expect(audit.filter((a) => a.subject === email)).toEqual([
        expect.objectContaining({
          reason: 'changed',
          details: expect.objectContaining({ stepId: 'sign-agreement', recorded: false }),
        }),
      ]);
      expect(await pendingOf(v2, email)).toEqual([
        expect.objectContaining({ stepId: 'sign-agreement', recorded: false }),
      ]);
      expect((await sign(cookie, 'sign-agreement', { name: 'Jo Byrne', agree: true, version: 2 }, v2)).statusCode).toBe(
        200,
      );
      expect(await pendingOf(v2, email)).toEqual([]);
    } finally {
      await v2.close();
      await publishAgreementCatalog(1);
    }
  });

  it('a lapsed yearly agreement is swept with the clock; someone who has left is left alone', async () => {
    const staying = 'sweep-yearly@inspired2uplift.org';
    const leaving = 'sweep-left@inspired2uplift.org';
    for (const email of [staying, leaving]) {
      const cookie = await signInAsTester(email);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/progress/steps/code-of-conduct/items/read-it',
        headers: { cookie },
        payload: { done: true },
      });
      expect(res.statusCode).toBe(200);
    }
    await upsertMember(
      t.database.db,
      { email: leaving, role: 'test', department: 'Programs', isAdmin: false },
      t.clock.now,
    );
    await setMemberLeft(t.database.db, leaving, { at: t.clock.now, note: null }, t.clock.now);
    expect(
      await sweepDueAgreements({
        db: t.database.db,
        catalog: agreementCatalog(),
        now: t.clock.now,
        timeZone: 'Europe/London',
      }),
    ).toBe(0);

    t.clock.advance(366 * 86_400_000);
    await sweepDueAgreements({
      db: t.database.db,
      catalog: agreementCatalog(),
      now: t.clock.now,
      timeZone: 'Europe/London',
    });
    expect((await rowOf(t.app, staying))?.completedSteps).toBe(0);
    expect(await pendingOf(t.app, staying)).toEqual([
      expect.objectContaining({ stepId: 'code-of-conduct', due: 'renew' }),
    ]);
    expect((await rowOf(t.app, leaving))?.completedSteps).toBe(1);
    expect(await pendingOf(t.app, leaving)).toEqual([]);
  });
});

describe('admin export', () => {
  it('exports every record as formula-safe CSV, filtered by step and day', async () => {
    const email = 'formula@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect(
      (await sign(cookie, 'sign-agreement', { name: '=HYPERLINK("http://x")', agree: true, version: 1 })).statusCode,
    ).toBe(200);
    const admin = await signIn(t.app, { email: ADMIN });
    const csv = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/acknowledgments.csv${query}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      return parse(res.body, { columns: true }) as Record<string, string>[];
    };
    const all = await csv('');
    expect(all.length).toBe((await t.database.db.select().from(acknowledgments)).length);
    const mine = all.filter((r) => r.email === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.signed_name).toBe('\'=HYPERLINK("http://x")');
    expect(new Set((await csv('?stepId=our-values')).map((r) => r.step_id))).toEqual(new Set(['our-values']));
    const day = t.clock.now.toISOString().slice(0, 10);
    expect((await csv(`?from=${day}&to=${day}`)).map((r) => r.email)).toContain(email);
    expect(await csv('?to=2025-03-31')).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/acknowledgments.csv?from=yesterday',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
    const member = await t.app.inject({ method: 'GET', url: '/api/admin/acknowledgments.csv', headers: { cookie } });
    expect(member.statusCode).toBe(403);
  });
});
