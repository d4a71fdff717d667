import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCES_PATH, type Preferences } from '../../../shared/preferences.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

/**
 * The documents the server sends carry a signed-in member's reading and display preferences on `<html>`, so the first
 * paint shows them (docs/product.md#reading-and-display); signed out, the documents are as built.
 */

const INDEX_HTML = '<!doctype html>\n<html lang="en">\n<body><div id="root"></div></body></html>';
const LOGIN_HTML = '<!doctype html>\n<html lang="en">\n<body><div id="root"></div></body></html>';
const CHOSEN: Preferences = {
  textSize: 200,
  spacing: true,
  font: 'legible',
  theme: 'contrast',
  motion: 'reduced',
  oneStepAtATime: true,
  easyRead: true,
};
const CHOSEN_TAG =
  '<html lang="en" data-text-size="200" data-spacing="wide" data-font="legible" data-theme="contrast" data-motion="reduced" data-steps="one" data-reading="easy">';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-preferences-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(clientDir, 'login.html'), LOGIN_HTML);
  t = await createTestApp({ clientDistDir: clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, ...(cookie === undefined ? {} : { headers: { cookie } }) });

describe('preferences in the documents', () => {
  it.each(['/dashboard', '/admin', '/test', '/no-such-page', '/login'])(
    'writes the member’s saved preferences on <html> of %s, never stored by a cache',
    async (url) => {
      const cookie = await signIn(t.app, { email: 'prefs-documents@inspired2uplift.org' });
      const saved = await t.app.inject({ method: 'PUT', url: PREFERENCES_PATH, headers: { cookie }, payload: CHOSEN });
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await page(url, cookie);
      expect(res.statusCode).toBe(url === '/no-such-page' ? 404 : 200);
      expect(res.body).toContain(CHOSEN_TAG);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('writes the defaults for a member who saved none', async () => {
    const cookie = await signIn(t.app, { email: 'prefs-documents-none@inspired2uplift.org' });
    expect((await page('/dashboard', cookie)).body).toContain(
      '<html lang="en" data-text-size="100" data-spacing="standard" data-font="standard" data-theme="system" data-motion="system" data-steps="all" data-reading="standard">',
    );
  });

  it.each(['/dashboard', '/login', '/test'])('leaves %s as built when no one is signed in', async (url) => {
    const res = await page(url);
    expect(res.body).toContain('<html lang="en">\n');
    expect(res.body).not.toContain('data-theme');
    const unknown = await page(url, 'onboarding_session=not-a-session');
    expect(unknown.body).not.toContain('data-theme');
  });
});
