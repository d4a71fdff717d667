import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileAnswer } from '../../../shared/step-answers.js';
import { formFiles } from '../../db/schema.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { leadRecord, signInMember, storeMembers } from '../../test/test-members.js';
import { formStep, volunteerCatalog } from '../../test/test-roles.js';

/** The sensitive file's name and title: the database must never hold it in clear. */
const MARKER = 'SUPPORT-PLAN-MARKER-7f3a9c';

/**
 * A volunteer role with "Say hello" and a form step of two file questions: a certificate (PDF only, 8 KB) and a
 * sensitive plan.
 */
const catalog = () =>
  volunteerCatalog([
    formStep('documents', 'Your documents', [
      { id: 'name', kind: 'short-text', label: 'Your name' },
      { id: 'certificate', kind: 'file', label: 'Your certificate', accept: ['pdf'], maxBytes: 8192 },
      { id: 'plan', kind: 'file', label: 'Your support plan', sensitive: true, required: true },
    ]),
  ]);

let t: TestApp;
let pdf: Uint8Array;
let secretPdf: Uint8Array;
let png: Uint8Array;

beforeAll(async () => {
  t = await createTestApp({ catalog: catalog(), env: { ADMIN_EMAILS: 'admin@inspired2uplift.org' } });
  await storeMembers(t, [leadRecord('Events'), leadRecord('Finance')]);
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  pdf = await doc.save();
  const secret = await PDFDocument.create();
  secret.addPage([200, 200]);
  secret.setTitle(MARKER);
  secretPdf = await secret.save({ useObjectStreams: false });
  png = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#15803d' } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await t.close();
});

/** A new volunteer of the Events department, signed in. */
const newMember = () => signInMember(t);

const upload = (cookie: string, fieldId: string, bytes: Uint8Array, type: string, name: string, step = 'documents') =>
  t.app.inject({
    method: 'POST',
    url: `/api/steps/${step}/form/files/${fieldId}?name=${encodeURIComponent(name)}`,
    headers: { cookie, 'content-type': type },
    payload: Buffer.from(bytes),
  });

const send = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const filesOf = (userId: string) => t.database.db.select().from(formFiles).where(eq(formFiles.userId, userId));

describe('file questions of form steps (docs/product.md#form-steps)', () => {
  it('stores a good upload, keeps it with the draft and the sending, and gives it back to the member', async () => {
    const m = await newMember();
    const res = await upload(m.cookie, 'certificate', pdf, 'application/pdf', 'First aid.pdf');
    expect(res.statusCode).toBe(201);
    const certificate = res.json<FileAnswer>();
    expect(certificate).toEqual({
      fileId: expect.any(String),
      name: 'First aid.pdf',
      type: 'application/pdf',
      size: pdf.byteLength,
    });
    const plan = (await upload(m.cookie, 'plan', png, 'image/png', 'plan.png')).json<FileAnswer>();
    // The browser's word on name and size is not taken: the stored file's are.
    const draft = await send(m.cookie, 'PUT', '/api/steps/documents/form/draft', {
      answers: { certificate: { ...certificate, name: 'other.exe', size: 1 } },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ draft: { answers: { certificate } } });
    const sent = await send(m.cookie, 'POST', '/api/steps/documents/form', { answers: { certificate, plan } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ submitted: { version: 1, answers: { certificate, plan } } });
    const own = await send(m.cookie, 'GET', `/api/steps/documents/form/files/${plan.fileId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="plan.png"/u);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(own.rawPayload)).toEqual(png);
    // The download of their own answers names the file (it holds no file).
    const mine = await send(m.cookie, 'GET', '/api/answers/mine?format=csv');
    expect(mine.body).toContain('First aid.pdf');
    expect(mine.body).toContain('plan.png');
  });

  it('refuses a wrong type by its bytes, an empty or oversize file, with a clear 4xx, and stores nothing', async () => {
    const m = await newMember();
    const text = new TextEncoder().encode('Just a text file, named as if it were a PDF.');
    const cases: [string, Uint8Array, string, number, RegExp][] = [
      // A PNG named .pdf and sent as a PDF, to a question that takes PDFs only: refused by what the bytes are.
      ['certificate', png, 'application/pdf', 415, /This file is a PNG image: upload a PDF\./u],
      // Text named .pdf: its type cannot be told.
      ['certificate', text, 'application/pdf', 415, /of a type we cannot tell: upload a PDF\./u],
      // A PNG sent as a PDF to a question that takes both: the bytes and the declared type disagree.
      ['plan', png, 'application/pdf', 422, /The file is a PNG image, but it was sent as a PDF/u],
      ['plan', new Uint8Array(), 'application/pdf', 422, /The file is empty: choose the file again\./u],
      ['certificate', new Uint8Array(9000).fill(32), 'application/pdf', 413, /larger than 8 KB .*make it smaller/u],
    ];
    for (const [field, bytes, type, status, message] of cases) {
      const res = await upload(m.cookie, field, bytes, type, 'document.pdf');
      expect(res.statusCode, `${field} ${type} ${bytes.byteLength}`).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, message: expect.stringMatching(message) });
    }
    expect(await filesOf(m.id)).toEqual([]);
  });

  it("refuses a step that is not the member's, a question that takes no file, and another member's file", async () => {
    const m = await newMember();
    const other = await newMember();
    expect(
      (await upload(m.cookie, 'certificate', pdf, 'application/pdf', 'a.pdf', 'meet-the-treasurer')).statusCode,
    ).toBe(404);
    const notFile = await upload(m.cookie, 'name', pdf, 'application/pdf', 'a.pdf');
    expect(notFile.statusCode).toBe(404);
    expect(notFile.json()).toMatchObject({ message: 'This form has no file question "name".' });
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/steps/documents/form/files/plan?previewRole=volunteer',
      headers: { cookie: m.cookie, 'content-type': 'application/pdf' },
      payload: Buffer.from(pdf),
    });
    expect(preview.statusCode).toBe(409);
    const theirs = (await upload(other.cookie, 'plan', pdf, 'application/pdf', 'theirs.pdf')).json<FileAnswer>();
    const taken = await send(m.cookie, 'PUT', '/api/steps/documents/form/draft', { answers: { plan: theirs } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      problems: [{ fieldId: 'plan', message: 'This file is not kept any more: choose the file again.' }],
    });
    expect((await send(m.cookie, 'GET', `/api/steps/documents/form/files/${theirs.fileId}`)).statusCode).toBe(404);
    expect((await send(m.cookie, 'GET', '/api/steps/documents/form/files/not-a-uuid')).statusCode).toBe(404);
    expect(await filesOf(m.id)).toEqual([]);
  });

  it('keeps a sensitive file encrypted at rest: the database holds none of its bytes or its name in clear', async () => {
    const m = await newMember();
    const plan = (await upload(m.cookie, 'plan', secretPdf, 'application/pdf', `${MARKER}.pdf`)).json<FileAnswer>();
    const certificate = (await upload(m.cookie, 'certificate', pdf, 'application/pdf', 'cert.pdf')).json<FileAnswer>();
    await send(m.cookie, 'POST', '/api/steps/documents/form', { answers: { plan, certificate } });
    const rows = await filesOf(m.id);
    const sealed = rows.find((r) => r.fieldId === 'plan')!;
    const clear = rows.find((r) => r.fieldId === 'certificate')!;
    expect(sealed.keyId).toBe(t.config.secretBox.currentKeyId);
    // No 24-byte stretch of the file (taken every 24 bytes) is in the stored bytes, nor its PDF header.
    const stored = Buffer.from(sealed.bytes);
    expect(stored.includes('%PDF-')).toBe(false);
    for (let at = 0; at + 24 <= secretPdf.byteLength; at += 24) {
      expect(stored.includes(Buffer.from(secretPdf.subarray(at, at + 24))), `bytes ${at}–${at + 24}`).toBe(false);
    }
    expect(sealed.name).not.toContain(MARKER);
    expect(clear.keyId).toBeNull();
    expect(new Uint8Array(clear.bytes)).toEqual(pdf);
    // The answer naming the sensitive file is sealed with the other sensitive answers.
    const answerRows = await t.database.db.execute(
      sql`select row_to_json(f)::text as row from form_answers f where f.user_id = ${m.id}`,
    );
    expect(JSON.stringify(answerRows)).toContain('cert.pdf');
    expect(JSON.stringify(answerRows)).not.toContain(MARKER);
    // The member and an admin read it back whole.
    const own = await send(m.cookie, 'GET', `/api/steps/documents/form/files/${plan.fileId}`);
    expect(new Uint8Array(own.rawPayload)).toEqual(secretPdf);
    expect(own.headers['content-disposition']).toContain(MARKER);
  });

  it('lets admins and the member’s lead read a sent file, audited; refuses others and drafts', async () => {
    const m = await newMember();
    const plan = (await upload(m.cookie, 'plan', png, 'image/png', 'plan.png')).json<FileAnswer>();
    const url = `/api/admin/members/${m.email}/answers/files/${plan.fileId}`;
    const admin = await signIn(t.app, { email: 'admin@inspired2uplift.org' });
    // Only in a draft yet: not for anyone but the member.
    expect((await send(admin, 'GET', url)).statusCode).toBe(404);
    await send(m.cookie, 'POST', '/api/steps/documents/form', { answers: { plan } });
    const read = await send(admin, 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(new Uint8Array(read.rawPayload)).toEqual(png);
    const lead = await signIn(t.app, { email: 'events-lead@inspired2uplift.org' });
    expect((await send(lead, 'GET', url)).statusCode).toBe(200);
    const otherLead = await signIn(t.app, { email: 'finance-lead@inspired2uplift.org' });
    expect((await send(otherLead, 'GET', url)).statusCode).toBe(403);
    const other = await newMember();
    expect((await send(other.cookie, 'GET', url)).statusCode).toBe(403);
    // The member page lists the file with its answer, and the CSV export names it (with sensitive answers only).
    const answers = await send(admin, 'GET', `/api/admin/members/${m.email}/answers`);
    expect(answers.json()).toMatchObject({
      forms: [
        {
          stepId: 'documents',
          answers: expect.arrayContaining([
            { fieldId: 'plan', label: 'Your support plan', sensitive: true, text: 'plan.png', file: plan },
          ]),
        },
      ],
    });
    const csv = await send(admin, 'GET', '/api/admin/forms/documents/answers.csv?sensitive=include');
    expect(csv.body).toContain('plan.png');
    expect((await send(admin, 'GET', '/api/admin/forms/documents/answers.csv')).body).not.toContain('plan.png');
    const audit = await send(
      await signIn(t.app, { email: 'admin@inspired2uplift.org' }),
      'GET',
      '/api/admin/audit?kind=answers-read&pageSize=100',
    );
    const fileReads = (
      audit.json() as { items: { actorEmail: string; outcome: string; detail: { file?: string } }[] }
    ).items
      .filter((e) => e.detail.file === plan.fileId)
      .map((e) => [e.actorEmail, e.outcome]);
    expect(fileReads.sort()).toEqual(
      [
        ['admin@inspired2uplift.org', 'allowed'],
        ['events-lead@inspired2uplift.org', 'allowed'],
        ['finance-lead@inspired2uplift.org', 'refused'],
      ].sort(),
    );
  });

  it('deletes a file replaced in a draft, and files never saved after a day', async () => {
    const m = await newMember();
    const ids = async () => (await filesOf(m.id)).map((f) => f.id).sort();
    const first = (await upload(m.cookie, 'plan', png, 'image/png', 'first.png')).json<FileAnswer>();
    await send(m.cookie, 'PUT', '/api/steps/documents/form/draft', { answers: { plan: first } });
    const second = (await upload(m.cookie, 'plan', pdf, 'application/pdf', 'second.pdf')).json<FileAnswer>();
    // Both kept while the draft still holds the first.
    expect(await ids()).toEqual([first.fileId, second.fileId].sort());
    await send(m.cookie, 'PUT', '/api/steps/documents/form/draft', { answers: { plan: second } });
    expect(await ids()).toEqual([second.fileId]);
    // Chosen twice without saving: the earlier one goes at the next upload.
    await upload(m.cookie, 'certificate', pdf, 'application/pdf', 'a.pdf');
    const b = (await upload(m.cookie, 'certificate', pdf, 'application/pdf', 'b.pdf')).json<FileAnswer>();
    expect(await ids()).toEqual([b.fileId, second.fileId].sort());
    // Never saved: gone after a day, by the hourly sweep.
    await t.app.answersSweep.runNow();
    expect(await ids()).toEqual([b.fileId, second.fileId].sort());
    t.clock.advance(86_400_000 + 60_000);
    await t.app.answersSweep.runNow();
    expect(await ids()).toEqual([second.fileId]);
  });

  // Last: it moves the app's clock 91 days on.
  it('deletes a member’s files with their answers ANSWERS_KEEP_DAYS_AFTER_LEAVING days after leaving', async () => {
    const m = await newMember();
    const plan = (await upload(m.cookie, 'plan', png, 'image/png', 'plan.png')).json<FileAnswer>();
    await send(m.cookie, 'POST', '/api/steps/documents/form', { answers: { plan } });
    const admin = await signIn(t.app, { email: 'admin@inspired2uplift.org' });
    const leftOn = t.clock.now.toISOString().slice(0, 10);
    expect((await send(admin, 'POST', `/api/admin/members/${m.email}/leave`, { leftOn })).statusCode).toBe(200);
    t.clock.advance(89 * 86_400_000);
    await t.app.answersSweep.runNow();
    expect(await filesOf(m.id)).toHaveLength(1);
    t.clock.advance(2 * 86_400_000);
    await t.app.answersSweep.runNow();
    expect(await filesOf(m.id)).toEqual([]);
    const audit = await send(
      await signIn(t.app, { email: 'admin@inspired2uplift.org' }),
      'GET',
      '/api/admin/audit?kind=answers-deleted',
    );
    expect((audit.json() as { items: unknown[] }).items).toMatchObject([
      { subject: m.email, detail: { formVersions: 1, files: 1, keepDays: 90 } },
    ]);
  });
});
