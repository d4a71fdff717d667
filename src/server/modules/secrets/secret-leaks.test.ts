import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingResponseSchema, roleContentSchema } from '../../../shared/api.js';
import { loadContent } from '../../content/load-content.js';
import { loggerOptions } from '../../logger.js';
import { projectRoot } from '../../project-root.js';
import { createTestApp, signIn, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { TEST_SECRET_VALUES } from '../../test/test-secrets.js';
import { upsertMember } from '../members/members.repository.js';

/**
 * docs/product.md#shared-passwords: the shared passwords never appear anywhere but in an allowed answer of GET
 * /api/secrets/:stepId — not in any other API answer, not in the client files, not in the server log.
 */

const VALUES = Object.values(TEST_SECRET_VALUES);
const leaksIn = (text: string) => VALUES.filter((value) => text.includes(value));

/** Every file under `dir` (recursively). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

let t: TestApp;
let log = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  const catalog = await loadContent(path.join(projectRoot, 'content'));
  t = await createTestApp({
    catalog,
    env: { ...TEST_SECRET_VALUES, ADMIN_EMAILS: 'admin@inspired2uplift.org' },
    logger: loggerOptions({ logLevel: 'trace' }, logStream),
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('no secret value outside an allowed GET /api/secrets answer', () => {
  it('holds for every other API answer (bodies and headers), for every role, preview and session kind', async () => {
    const answers: { what: string; text: string }[] = [];
    const record = (what: string, res: { body: string; headers: Record<string, unknown> }) =>
      answers.push({ what, text: `${JSON.stringify(res.headers)}\n${res.body}` });

    record('GET /api/health', await t.app.inject('/api/health'));
    record('GET /api/config', await t.app.inject('/api/config'));
    record('GET /api/demo', await t.app.inject('/api/demo'));
    record('GET /api/me (anonymous)', await t.app.inject('/api/me'));
    record('GET /no-such-page', await t.app.inject('/api/no-such-route'));

    const roles = ['Treasurer', 'head of hr', 'marketing', 'chapters', 'content creator', 'test', 'volunteer'];
    for (const [i, roleText] of roles.entries()) {
      const email = `person${i}@inspired2uplift.org`;
      await upsertMember(t.database.db, { email, role: roleText, department: 'Operations', isAdmin: i === 0 });
      for (const cookie of [
        await signInWithGoogleSession(t, { email }),
        await signIn(t.app, { email: `dev-${email}` }),
      ]) {
        const headers = { cookie };
        record(`GET /api/me (${roleText})`, await t.app.inject({ url: '/api/me', headers }));
        const onboarding = await t.app.inject({ url: '/api/onboarding', headers });
        record(`GET /api/onboarding (${roleText})`, onboarding);
        const content = await t.app.inject({ url: onboardingResponseSchema.parse(onboarding.json()).content, headers });
        record(`GET role content (${roleText})`, content);
        const { scopes } = roleContentSchema.parse(content.json());
        for (const previewRole of ['finance', 'hr', 'external', 'chapters', 'test']) {
          record(
            `GET /api/onboarding?previewRole=${previewRole} (${roleText})`,
            await t.app.inject({ url: `/api/onboarding?previewRole=${previewRole}`, headers }),
          );
        }
        const firstStep = scopes[0]?.steps[0]?.id ?? 'sign-in-to-chrome';
        record(
          `PUT progress (${roleText})`,
          await t.app.inject({
            method: 'PUT',
            url: `/api/progress/steps/${firstStep}`,
            payload: { completed: true },
            headers,
          }),
        );
        record(`GET picture (${roleText})`, await t.app.inject({ url: '/api/users/me/picture', headers }));
        // Reveals happen in the same run, so that the log below has seen them.
        for (const step of scopes.flatMap((s) => s.steps).filter((s) => s.envVariable)) {
          await t.app.inject({ url: `/api/secrets/${step.id}`, headers });
        }
      }
    }
    record('POST /api/auth/logout', await t.app.inject({ method: 'POST', url: '/api/auth/logout' }));

    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((a) => leaksIn(a.text).length > 0).map((a) => a.what)).toEqual([]);
  }, 60_000);

  it('holds for the server log of this run (trace level), including a configuration and a secrets answer logged by mistake', () => {
    t.app.log.info({ config: t.config }, 'a configuration logged by mistake');
    t.app.log.info({ secrets: t.config.secrets }, 'the secrets logged by mistake');
    t.app.log.info(
      { value: TEST_SECRET_VALUES.FINANCE_PASS, stepId: 'finance-profile' },
      'a secrets answer logged by mistake',
    );
    t.app.log.info(
      { res: { body: JSON.stringify({ value: TEST_SECRET_VALUES.HR_PASS }) } },
      'a response body logged by mistake',
    );
    t.app.log.info(
      { req: { headers: { cookie: 'onboarding_session=abc', authorization: 'Bearer abc' } } },
      'headers logged by mistake',
    );
    // The log did record the run: requests to the secrets route and the deliberate lines above.
    expect(log).toContain('/api/secrets/');
    expect(log).toContain('a configuration logged by mistake');
    expect(log).toContain('[Redacted]');
    expect(log).not.toContain('onboarding_session=abc');
    expect(log).not.toContain('Bearer abc');
    expect(leaksIn(log)).toEqual([]);
  });

  it('holds for the inputs of the client bundle: src/client, src/shared and content/', () => {
    const files = ['src/client', 'src/shared', 'content'].flatMap((dir) => filesUnder(path.join(projectRoot, dir)));
    expect(files.length).toBeGreaterThan(50);
    const leaking = files.filter((file) => leaksIn(readFileSync(file, 'latin1')).length > 0);
    expect(leaking).toEqual([]);
  });

  it('holds for the built client files in dist/client, when a build exists (npm run build; not built here)', () => {
    const dist = path.join(projectRoot, 'dist', 'client');
    const files = existsSync(dist) ? filesUnder(dist) : [];
    const leaking = files.filter((file) => leaksIn(readFileSync(file, 'latin1')).length > 0);
    expect(leaking).toEqual([]);
    // The shared passwords are server-only variables: no client file may read one, whatever its value.
    const clientSources = filesUnder(path.join(projectRoot, 'src', 'client'));
    const readingEnv = clientSources.filter((file) =>
      /import\.meta\.env\.\w*_PASS|process\.env\.\w*_PASS/u.test(readFileSync(file, 'utf8')),
    );
    expect(readingEnv).toEqual([]);
  });
});
