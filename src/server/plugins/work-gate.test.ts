import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/test-app.js';
import { WorkGate } from './work-gate.js';

/** Sign-ins first on the embedded database (docs/reliability.md#a-room-signing-in-together). */

/** Lets every pending `setImmediate` (a place handed on) and promise callback run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const never = new Promise<void>(() => {});

/** Polls `ready` on each turn of the event loop, for at most `ms`. */
async function until(ready: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the gate', () => {
  it('never lets more in than its places, admits in arrival order, leaves no place idle while someone waits, and drops those who went', async () => {
    const command = fc.oneof(
      fc.constant({ kind: 'arrive' as const }),
      fc.record({ kind: fc.constant('leave' as const), which: fc.nat() }),
      fc.record({ kind: fc.constant('go' as const), which: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(command, { maxLength: 40 }),
        async (limit, commands) => {
          const gate = new WorkGate(limit);
          let arrived = 0;
          const inside: { id: number; leave: () => void }[] = [];
          const waiting: { id: number; go: () => void }[] = [];
          const admitted: number[] = [];
          const dropped: number[] = [];
          for (const c of commands) {
            if (c.kind === 'arrive') {
              const id = arrived++;
              let go = () => {};
              const gone = new Promise<void>((resolve) => (go = resolve));
              waiting.push({ id, go });
              void gate.enter(gone).then((leave) => {
                waiting.splice(
                  waiting.findIndex((w) => w.id === id),
                  1,
                );
                if (leave === null) dropped.push(id);
                else {
                  admitted.push(id);
                  inside.push({ id, leave });
                }
              });
            } else if (c.kind === 'leave' && inside.length > 0) {
              const [one] = inside.splice(c.which % inside.length, 1);
              one?.leave();
              one?.leave(); // a second call gives back nothing more
            } else if (c.kind === 'go' && waiting.length > 0) {
              waiting[c.which % waiting.length]?.go();
            }
            await nextTurn();
            await nextTurn();
            expect(gate.inside).toBe(inside.length);
            expect(gate.inside).toBeLessThanOrEqual(limit);
            expect(gate.waiting).toBe(waiting.length);
            if (waiting.length > 0) expect(gate.inside).toBe(limit);
          }
          const served = Array.from({ length: arrived }, (_, id) => id).filter(
            (id) => !dropped.includes(id) && admitted.includes(id),
          );
          expect(admitted).toEqual(served);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('hands a place on at the next turn of the event loop, not in the same run of promise callbacks', async () => {
    const gate = new WorkGate(1);
    const first = await gate.enter(never);
    let second: (() => void) | null | undefined;
    void gate.enter(never).then((leave) => (second = leave));
    first?.();
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(second).toBeUndefined();
    await nextTurn();
    await Promise.resolve();
    expect(second).toBeTypeOf('function');
  });
});

describe('in the app', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a member’s request waits while the places are taken, a sign-in, the health check and the admin area do not, and the request is answered once a place is free', async () => {
    const gate = new WorkGate(1);
    t = await createTestApp({ workGate: gate, env: { ADMIN_EMAILS: 'gate-admin@inspired2uplift.org' } });
    const cookie = await signIn(t.app, { email: 'waiting@inspired2uplift.org' });
    const admin = await signIn(t.app, { email: 'gate-admin@inspired2uplift.org' });
    const held = await gate.enter(never);
    const read = t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
    await until(() => gate.waiting === 1);
    // A sign-in passes at once, and so does the health check.
    expect(await signIn(t.app, { email: 'arriving@inspired2uplift.org' })).toMatch(/^onboarding_session=/u);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The admin area passes too: its requests are few, and some take seconds (a backup), which would hold places.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/members', headers: { cookie: admin } })).statusCode,
    ).toBe(200);
    expect(gate.waiting).toBe(1);
    held?.();
    expect((await read).statusCode).toBe(200);
    await until(() => gate.inside === 0);
  });

  it('drops a request whose browser went away while it waited: nothing of it runs', async () => {
    const gate = new WorkGate(1);
    t = await createTestApp({ workGate: gate });
    const cookie = await signIn(t.app, { email: 'leaving-early@inspired2uplift.org' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const held = await gate.enter(never);
    const abort = new AbortController();
    const write = fetch(`${address}/api/progress/steps/change-password`, {
      method: 'PUT',
      headers: { cookie, origin: address, 'content-type': 'application/json' },
      body: JSON.stringify({ completed: true }),
      signal: abort.signal,
    }).catch((error: unknown) => error);
    await until(() => gate.waiting === 1);
    abort.abort();
    await until(() => gate.waiting === 0);
    expect(gate.inside).toBe(1);
    held?.();
    await until(() => gate.inside === 0);
    expect(await write).toBeInstanceOf(Error);
    const onboarding = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
    const completed = (onboarding.json() as { progress: { completed: { stepId: string }[] } }).progress.completed;
    expect(completed.map((c) => c.stepId)).not.toContain('change-password');
  });
});
