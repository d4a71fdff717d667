import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSchema } from '../../shared/backups-api.js';
import { migrate, openDatabase } from '../db/client.js';
import { listAudit } from '../modules/audit/audit.repository.js';
import { CROSS_SITE_MESSAGE } from '../plugins/same-origin.js';
import { createTestApp, embeddedBackups, signIn, type TestApp } from '../test/test-app.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how): a GET with a side effect — a backup download hands out
 * the whole database and writes an audit entry — refuses a request another site started (a link or a navigation
 * carries the SameSite=Lax session cookie), by Sec-Fetch-Site, or by Origin/Referer from a browser without it.
 */

const ADMIN = 'boss@inspired2uplift.org';
let t: TestApp;
let backupsDir: string;
let admin: string;
let url: string;

beforeAll(async () => {
  backupsDir = mkdtempSync(path.join(tmpdir(), 'onboarding-cross-site-backups-'));
  const database = await openDatabase({ inMemory: true });
  await migrate(database);
  t = await createTestApp({
    env: { ADMIN_EMAILS: ADMIN },
    database,
    backups: embeddedBackups(backupsDir),
  });
  admin = await signIn(t.app, { email: ADMIN });
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin } });
  url = `/api/admin/backups/${backupSchema.parse(created.json()).name}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(backupsDir, { recursive: true, force: true });
});

const downloads = async () => (await listAudit(t.database.db, { filters: { kind: 'backup-download' } })).total;

describe('a backup download', () => {
  it.each([
    [
      'a link on another site',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ],
    [
      'a link on a sister site',
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ],
    [
      'an image on another site',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
    ],
    ['another site, from a browser without Sec-Fetch-Site', { referer: 'https://evil.example/page' }],
  ])('is refused when %s starts it, and nothing is audited', async (_name, headers) => {
    const before = await downloads();
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url, headers: { ...headers, cookie: admin } });
      expect(res.statusCode, method).toBe(403);
      if (method === 'GET') expect(res.json()).toMatchObject({ message: CROSS_SITE_MESSAGE });
    }
    expect(await downloads()).toBe(before);
  });

  it.each([
    ['the admin console', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' }],
    ['an address typed or bookmarked', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }],
  ])('is handed out when %s asks for it', async (_name, headers) => {
    const before = await downloads();
    const res = await t.app.inject({ url, headers: { ...headers, cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(await downloads()).toBe(before + 1);
  });
});
