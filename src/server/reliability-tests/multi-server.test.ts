/**
 * Reliability (docs/architecture.md#scaling-out): scaling past one machine means several server
 * processes on one PostgreSQL database. With TEST_DATABASE_URL set (CI runs the server tests with PostgreSQL, as
 * test-db.ts describes), two real server processes start together on a fresh empty database: the migrations run
 * once under the advisory lock, a session made on one works on the other, concurrent writes through both leave no
 * lost or duplicated progress, and what one server changes the other's read cache forgets at once (sign-out,
 * progress, a role change: docs/decisions/008-read-cache.md). Always (also without PostgreSQL): a second server on the
 * same embedded DATA_DIR refuses to start, since PGlite must have a single process. Loopback only; bounded in count.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingResponseSchema, stepProgressSchema } from '../../shared/api.js';
import { stepItems } from '../../shared/step-items.js';
import { MIGRATIONS_DIR } from '../db/client.js';
import { fetchOnboardingView } from '../test/onboarding-view.js';
import {
  api,
  createEmptyPostgresDatabase,
  devSignIn,
  freePort,
  startServer,
  type ServerProcess,
} from '../test/server-process.js';

describe('a second server on the same embedded DATA_DIR', () => {
  it('refuses to start while the first runs (exit code 1, naming the lock)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-two-servers-'));
    const first = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      const second = startServer({ env: { DATA_DIR: dataDir }, port: await freePort(), readyTimeoutMs: 20_000 });
      await expect(second).rejects.toThrow(/exited during start-up[\s\S]*cannot start[\s\S]*database\.lock/);
      // The first is unharmed.
      expect((await fetch(`${first.origin}/api/health`)).status).toBe(200);
    } finally {
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Waits until `check` passes (the last failure is thrown after `ms`). */
async function within<T>(ms: number, check: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const ADMIN = 'admin@inspired2uplift.org';
/** How soon another server must have forgotten what one server changed. */
const PROMPTLY_MS = 2_000;

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
if (postgresUrl) {
  describe('two server processes on one PostgreSQL database', () => {
    let database: { url: string; drop(): Promise<void> };
    let servers: ServerProcess[] = [];
    beforeAll(async () => {
      database = await createEmptyPostgresDatabase(postgresUrl);
      // Both start at once on the empty database: both migrate, under the advisory lock. At info level they say when
      // their change feed listens (the read cache keeps nothing before).
      const env = { DATABASE_URL: database.url, ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'info' };
      const started = await Promise.allSettled([0, 1].map(() => startServer({ env })));
      servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      for (const server of servers) {
        await within(10_000, async () => expect(server.output()).toContain('the change feed is listening'));
      }
    }, 60_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
    });

    const [a, b] = [() => servers[0]!, () => servers[1]!];

    it('ran every migration exactly once', async () => {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
        expect(rows.length).toBe(journal.entries.length);
        expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
      } finally {
        await client.end();
      }
    });

    it('accepts a session made on one server on the other', async () => {
      const cookie = await devSignIn(a().origin, 'both@inspired2uplift.org');
      const me = await api(b().origin, cookie, 'GET', '/api/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ user: { email: 'both@inspired2uplift.org' } });
      // Signing out on the second ends it on the first as well.
      expect((await api(b().origin, cookie, 'POST', '/api/auth/logout')).status).toBe(204);
      expect((await api(a().origin, cookie, 'GET', '/api/me')).status).toBe(401);
    });

    it('forgets on one server what the other changed: progress, a role change by an admin, a sign-out', async () => {
      const email = 'moving@inspired2uplift.org';
      let cookie = await devSignIn(a().origin, email);
      const admin = await devSignIn(a().origin, ADMIN);
      const onboardingOn = async (server: ServerProcess) => {
        const res = await api(server.origin, cookie, 'GET', '/api/onboarding');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return onboardingResponseSchema.parse(res.body);
      };
      // The second server reads, and keeps, the session, the (absent) member record and the progress.
      const before = await onboardingOn(b());
      expect(before.role.key).toBe('volunteer');
      expect(before.progress.completed).toEqual([]);
      expect(await onboardingOn(b())).toEqual(before);

      const { scopes } = await fetchOnboardingView(b().origin, cookie);
      const plainStep = scopes.flatMap((scope) => scope.steps).find((step) => stepItems(step).length === 0);
      expect(plainStep).toBeDefined();
      const stepId = plainStep?.id ?? '';
      expect((await api(a().origin, cookie, 'PUT', `/api/progress/steps/${stepId}`, { completed: true })).status).toBe(
        200,
      );
      await within(PROMPTLY_MS, async () =>
        expect((await onboardingOn(b())).progress.completed.map((c) => c.stepId)).toEqual([stepId]),
      );

      const promote = await api(a().origin, admin, 'PUT', `/api/admin/members/${encodeURIComponent(email)}`, {
        role: 'finance',
        department: 'Finance',
        isAdmin: false,
      });
      expect(promote.status, JSON.stringify(promote.body)).toBe(200);
      // A role change ends the person's sessions, on both servers; signed in again, the second server (which kept the
      // absent member record) knows the new role.
      await within(PROMPTLY_MS, async () => expect((await api(b().origin, cookie, 'GET', '/api/me')).status).toBe(401));
      cookie = await devSignIn(a().origin, email);
      await within(PROMPTLY_MS, async () => expect((await onboardingOn(b())).role.key).toBe('finance'));
      expect((await api(b().origin, cookie, 'GET', '/api/me')).body).toMatchObject({
        user: { role: 'finance', department: 'Finance' },
      });

      expect((await api(a().origin, cookie, 'POST', '/api/auth/logout')).status).toBe(204);
      await within(PROMPTLY_MS, async () => expect((await api(b().origin, cookie, 'GET', '/api/me')).status).toBe(401));
      expect((await api(b().origin, cookie, 'GET', '/api/onboarding')).status).toBe(401);
    });

    it('ends every session of a person at once on both servers when an admin signs them out everywhere', async () => {
      const email = 'everywhere@inspired2uplift.org';
      const onA = await devSignIn(a().origin, email);
      const onB = await devSignIn(b().origin, email);
      const admin = await devSignIn(b().origin, ADMIN);
      // Both servers read, and keep, both sessions.
      for (const server of [a(), b()]) {
        for (const cookie of [onA, onB]) expect((await api(server.origin, cookie, 'GET', '/api/me')).status).toBe(200);
      }
      const ended = await api(b().origin, admin, 'POST', `/api/admin/members/${encodeURIComponent(email)}/sign-out`);
      expect(ended).toEqual({ status: 200, body: { sessionsEnded: 2 } });
      for (const server of [a(), b()]) {
        for (const cookie of [onA, onB]) {
          await within(PROMPTLY_MS, async () =>
            expect((await api(server.origin, cookie, 'GET', '/api/me')).status).toBe(401),
          );
        }
      }
      // The admin's own session is untouched; the person may sign in again.
      expect((await api(a().origin, admin, 'GET', '/api/me')).status).toBe(200);
      expect((await api(a().origin, await devSignIn(a().origin, email), 'GET', '/api/me')).status).toBe(200);
    });

    it('keeps every concurrent write through both servers once: nothing lost, nothing duplicated', async () => {
      const cookie = await devSignIn(b().origin, 'concurrent@inspired2uplift.org');
      const onboarding = await fetchOnboardingView(a().origin, cookie);
      const steps = onboarding.scopes.flatMap((s) => s.steps.map((step) => step.id));
      // Each step completed 4 times at once, twice through each server.
      const results = await Promise.all(
        steps.flatMap((stepId) =>
          [a(), b(), a(), b()].map(async (server) => ({
            stepId,
            res: await api(server.origin, cookie, 'PUT', `/api/progress/steps/${stepId}`, { completed: true }, 10_000),
          })),
        ),
      );
      for (const { res } of results) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
      const written = new Map<string, Set<string>>();
      for (const { stepId, res } of results) {
        if (res.status !== 200) continue; // 409: a checklist step, completed by ticking its items
        const { completedAt } = stepProgressSchema.parse(res.body);
        written.set(stepId, (written.get(stepId) ?? new Set()).add(completedAt ?? ''));
      }
      expect(written.size).toBeGreaterThan(0);
      for (const server of [a(), b()]) {
        const after = onboardingResponseSchema.parse((await api(server.origin, cookie, 'GET', '/api/onboarding')).body)
          .progress.completed;
        expect(new Set(after.map((c) => c.stepId)).size, 'no step twice').toBe(after.length);
        expect(after.map((c) => c.stepId).sort()).toEqual([...written.keys()].sort());
        for (const { stepId, completedAt } of after) {
          // Every answer for a step named the one stored completion (the first wins, whichever server took it).
          expect([...(written.get(stepId) ?? [])], stepId).toEqual([completedAt]);
        }
      }
    }, 30_000);
  });
}
