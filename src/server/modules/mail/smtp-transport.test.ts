import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { smtpTimeLimits, smtpTransport, type MailTransport, type OutgoingMail } from './sender.js';

/**
 * The SMTP time limits (docs/reliability.md#e-mail) against a real SMTP server on loopback: every send ends before
 * the claim on its message runs out. The claim here is 4 s instead of the default 120 s, and the relay's delays are
 * scaled by the same factor (1/30), so the ratios are those of production: an answer after 40 s of a 120 s claim is
 * 1.33 s of 4 s here, one after 150 s is 5 s.
 */

const CLAIM_SECONDS = 4;
const SCALE = CLAIM_SECONDS / 120;
const limits = smtpTimeLimits(CLAIM_SECONDS);

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});
/** Pooled transports made by a test, closed after it (their connections stay open between messages). */
const made: MailTransport[] = [];
/** A pooled transport of two connections, with the claim of this file. */
function transport(url = smtp.url): MailTransport {
  const made1 = smtpTransport(url, CLAIM_SECONDS, 2);
  made.push(made1);
  return made1;
}
afterEach(() => {
  for (const m of made.splice(0)) m.close();
});
beforeEach(() => {
  smtp.answerAfterMs = undefined;
  smtp.messages.length = 0;
  smtp.abandoned.length = 0;
  smtp.delayMs = 0;
  smtp.commandDelayMs = 0;
});

const mail = (to: string): OutgoingMail => ({
  from: 'Onboarding <onboarding@inspired2uplift.org>',
  to,
  subject: 'A step is due',
  text: 'Hello.',
  html: '<p>Hello.</p>',
  messageId: `<${to}>`,
  headers: {},
  date: new Date('2026-03-11T10:00:00Z'),
});

/** How long the send took (ms) and how it ended. */
async function timed(send: Promise<void>): Promise<{ ms: number; error: string | undefined }> {
  const started = performance.now();
  try {
    await send;
    return { ms: performance.now() - started, error: undefined };
  } catch (error) {
    return { ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

describe('the SMTP time limits', () => {
  it('all end within three quarters of the claim', () => {
    expect(smtpTimeLimits(120)).toEqual({
      sendMs: 90_000,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    for (const claim of [5, 8, 12, 60, 120, 600]) {
      const l = smtpTimeLimits(claim);
      expect(l.sendMs).toBeLessThan(claim * 1000);
      expect(Math.max(l.connectionTimeout, l.greetingTimeout, l.socketTimeout)).toBeLessThanOrEqual(l.sendMs);
    }
  });

  it('a relay answering after 40 s of a 120 s claim: the message is delivered', async () => {
    smtp.delayMs = 40_000 * SCALE;
    const result = await timed(transport().send(mail('slow@inspired2uplift.org')));
    expect(result.error).toBeUndefined();
    expect(smtp.messages).toHaveLength(1);
  });

  it('a relay answering after 150 s of a 120 s claim: the send fails well within the claim, and the message is not delivered', async () => {
    smtp.delayMs = 150_000 * SCALE;
    const result = await timed(transport().send(mail('slower@inspired2uplift.org')));
    expect(result.error).toMatch(/timeout/iu);
    expect(result.ms).toBeGreaterThanOrEqual(limits.socketTimeout - 100);
    expect(result.ms).toBeLessThan(limits.sendMs);
    // The relay answers later, to a client that has gone: it did not take the message.
    await new Promise((resolve) => setTimeout(resolve, smtp.delayMs - result.ms + 500));
    expect(smtp.messages).toHaveLength(0);
    expect(smtp.abandoned).toHaveLength(1);
  }, 15_000);

  it('a relay answering each command just within the silence limit is cut off at the limit of the whole send', async () => {
    // MAIL FROM, RCPT TO and the message itself each answered after 60% of the silence limit: 180% in all.
    smtp.commandDelayMs = limits.socketTimeout * 0.6;
    smtp.delayMs = limits.socketTimeout * 0.6;
    const result = await timed(transport().send(mail('drip@inspired2uplift.org')));
    expect(result.error).toContain(`did not take the message within ${limits.sendMs / 1000} s`);
    expect(result.ms).toBeGreaterThanOrEqual(limits.sendMs - 100);
    expect(result.ms).toBeLessThan(CLAIM_SECONDS * 1000);
    await new Promise((resolve) => setTimeout(resolve, limits.socketTimeout));
    expect(smtp.messages).toHaveLength(0);
  }, 15_000);

  it('cuts off the one send past the whole-send limit, not the other send in flight on the pool', async () => {
    // Each command answered after 60% of the silence limit; "drip" then waits as long again for the message (180% of
    // the silence limit in all, past the whole-send limit), "quick" only 15% (135%, within it). "quick" starts 0.5 s
    // later, so it is still in flight on the pool's other connection when "drip" is cut off, and ends after that.
    smtp.commandDelayMs = limits.socketTimeout * 0.6;
    smtp.answerAfterMs = (m) => (JSON.stringify(m.to).includes('drip') ? 0.6 : 0.15) * limits.socketTimeout;
    const pool = transport();
    const drip = timed(pool.send(mail('drip@inspired2uplift.org')));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const quick = timed(pool.send(mail('quick@inspired2uplift.org')));
    const [dripped, quickly] = await Promise.all([drip, quick]);
    expect(dripped.error).toContain(`did not take the message within ${limits.sendMs / 1000} s`);
    expect(quickly.error).toBeUndefined();
    expect(quickly.ms + 500).toBeGreaterThan(dripped.ms);
    // The pool goes on: a next message is delivered.
    smtp.commandDelayMs = 0;
    expect((await timed(pool.send(mail('next@inspired2uplift.org')))).error).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, limits.socketTimeout));
    expect(smtp.messages.map((m) => JSON.stringify(m.to)).join()).not.toContain('drip');
    expect(smtp.messages).toHaveLength(2);
  }, 15_000);

  describe('a server that accepts the connection but never greets', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('fails after the greeting limit', async () => {
      const address = silent.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const result = await timed(transport(`smtp://127.0.0.1:${port}`).send(mail('nobody@inspired2uplift.org')));
      expect(result.error).toMatch(/greeting/iu);
      expect(result.ms).toBeGreaterThanOrEqual(limits.greetingTimeout - 100);
      expect(result.ms).toBeLessThan(limits.sendMs);
    });
  });
});
