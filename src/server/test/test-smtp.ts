import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests (smtp-server), keeping every message it accepts, parsed (mailparser). A
 * message counts as delivered when the server's acceptance reaches a client still waiting for it (RFC 5321 section 6.1:
 * the server is responsible for a message once it has said so); one answered after its client gave up is kept apart,
 * in `abandoned`.
 */
export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Every message accepted so far, in order. */
  messages: ParsedMail[];
  /** Messages the server answered after the client had closed the connection (not delivered). */
  abandoned: ParsedMail[];
  /** While > 0, that many next messages are refused with a 451 (a temporary failure). */
  refuseNext: number;
  /** Milliseconds the server takes to answer each message (a slow relay); 0 by default. */
  delayMs: number;
  /** When set, the milliseconds to answer this message instead of `delayMs`. */
  answerAfterMs: ((mail: ParsedMail) => number) | undefined;
  /** Milliseconds the server takes to answer each MAIL FROM and RCPT TO command; 0 by default. */
  commandDelayMs: number;
  /** The most messages the server was holding at once, received and not yet answered (the senders' concurrency). */
  peakHolding: number;
  /** Resolves once at least `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The settings of an app that sends its mail to `smtp`: SMTP_URL, and MAIL_FROM the onboarding address of the
 * organisation.
 * @param smtp the started server
 */
export const mailSettings = (smtp: Pick<TestSmtp, 'url'>): Record<string, string> => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Onboarding <onboarding@inspired2uplift.org>',
});

/**
 * Starts the server on a free loopback port (no TLS, no authentication: the test's own machine only).
 * @returns the server, with its URL and the messages it received
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const smtp = createTestSmtp();
  await smtp.listen();
  return smtp;
}

/**
 * The server of {@link startTestSmtp} before it listens: for a test file that hands it out before its `beforeAll`
 * starts it (`url` is '' until then).
 * @returns the server; `listen()` starts it on a free loopback port and sets `url`
 */
export function createTestSmtp(): TestSmtp & { listen(): Promise<void> } {
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: TestSmtp = {
    url: '',
    messages: [],
    abandoned: [],
    refuseNext: 0,
    delayMs: 0,
    answerAfterMs: undefined,
    commandDelayMs: 0,
    peakHolding: 0,
    waitFor(count, timeoutMs = 20_000) {
      if (state.messages.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} messages, got ${state.messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const closed = new Set<string>();
  let holding = 0;
  const wait = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onMailFrom(_address, _session, callback) {
      void wait(state.commandDelayMs).then(() => callback());
    },
    onRcptTo(_address, _session, callback) {
      void wait(state.commandDelayMs).then(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks))
          .then(async (parsed) => {
            holding += 1;
            state.peakHolding = Math.max(state.peakHolding, holding);
            await wait(state.answerAfterMs?.(parsed) ?? state.delayMs).finally(() => {
              holding -= 1;
            });
            if (state.refuseNext > 0) {
              state.refuseNext -= 1;
              callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
              return;
            }
            if (closed.has(session.id)) {
              state.abandoned.push(parsed);
              callback();
              return;
            }
            state.messages.push(parsed);
            for (const w of waiters.filter((x) => state.messages.length >= x.count)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve();
            }
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  // A sender killed with its pooled connections open resets them: not the test's failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  return Object.assign(state, {
    listen: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      const address = server.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      state.url = `smtp://127.0.0.1:${port}`;
    },
  });
}
