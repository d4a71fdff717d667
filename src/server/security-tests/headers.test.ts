import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_TEST_ENV, signIn, type TestApp } from '../test/test-app.js';

/**
 * Security review (docs/decisions/015-security-review.md), headers: HSTS of at least a year in production, no <base>
 * element allowed, `Cache-Control: no-store` on every answer to a signed-in person, and no source maps from a production
 * build.
 */

/** A tiny client build: index.html, login.html, one script with its source map, and Vite's manifest. */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-headers-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Onboarding</title>');
  writeFileSync(path.join(dir, 'login.html'), '<!doctype html><title>Sign in</title>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/client/main.tsx"]}');
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    '{"src/client/index.html":{"file":"assets/index-abc123.js"}}',
  );
  return dir;
}

let clientDir: string;
let dev: TestApp;
let production: TestApp;
beforeAll(async () => {
  clientDir = fakeClientBuild();
  dev = await createTestApp({ clientDistDir: clientDir });
  production = await createTestApp({ env: { ...PRODUCTION_TEST_ENV }, clientDistDir: clientDir });
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('Strict-Transport-Security and the Content Security Policy', () => {
  it('asks browsers for https for at least a year in production', async () => {
    const hsts = (await production.app.inject({ method: 'GET', url: '/api/health' })).headers[
      'strict-transport-security'
    ];
    const maxAge = Number(/max-age=(\d+)/.exec(String(hsts))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });

  it("allows no <base> element (base-uri 'none') on pages and API answers", async () => {
    for (const url of ['/dashboard', '/api/health']) {
      const csp = String((await dev.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp.split(';')).toContain("base-uri 'none'");
    }
  });
});

describe('Cache-Control: no-store on every answer to a signed-in person', () => {
  it('is set on every signed-in /api answer, whatever the route set', async () => {
    const cookie = await signIn(dev.app, { email: 'casey@inspired2uplift.org', name: 'Casey Jones' });
    for (const url of ['/api/me', '/api/onboarding', '/api/config', '/api/health', '/api/users/me/picture']) {
      const res = await dev.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const write = await dev.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/set-up-slack',
      payload: { completed: true },
      headers: { cookie },
    });
    expect(write.headers['cache-control']).toBe('no-store');
  });
});

describe('source maps', () => {
  it('are not served by a production server', async () => {
    expect((await production.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
    expect((await production.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
  });

  it('are served by a development server, for debugging', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(200);
  });
});

describe("Vite's manifest", () => {
  it.each([
    '/.vite/manifest.json',
    '/%2Evite/manifest.json',
    '/.vite/%6Danifest.json',
    '/assets/../.vite/manifest.json',
  ])('is not served by a production server: %s', async (url) => {
    const res = await production.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('index-abc123');
  });
});
