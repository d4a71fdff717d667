import { connect, Socket } from 'node:net';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { type RenderedMail } from './render.js';
import { type CalendarInvitation } from './appointment-invitation.js';

/** Where outbox messages go: SMTP through nodemailer's pooled transport, within time limits derived from the claim, or nowhere (docs/reliability.md#e-mail). */

/** One message handed to the transport. */
export interface OutgoingMail extends RenderedMail {
  from: string;
  to: string;
  messageId: string;
  headers: Record<string, string>;
  /** The Date header: when the app sent it (its clock). */
  date: Date;
  /** A calendar invitation (a text/calendar part), for a team task that is a meeting (docs/product.md#appointments). */
  icalEvent?: CalendarInvitation;
}

/** Where messages go: SMTP (nodemailer), or nowhere (the outbox keeps them). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The time limits of one SMTP send, in milliseconds, all derived from the claim (MAIL_CLAIM_SECONDS). */
export interface SmtpTimeLimits {
  /** The whole send, from connecting to the relay's answer: three quarters of the claim, the rest left for recording it. */
  sendMs: number;
  /** Connecting (TCP and TLS): a quarter of the claim, at most 30 s. */
  connectionTimeout: number;
  /** The relay's greeting once connected: a quarter of the claim, at most 30 s. */
  greetingTimeout: number;
  /** Silence on the connection, e.g. waiting for the relay to accept the message: half the claim. */
  socketTimeout: number;
}

/**
 * The SMTP time limits for a claim (docs/reliability.md#e-mail): every send ends, delivered or failed, before its claim
 * runs out, so no other process can take the message while it may still be leaving. nodemailer's own limits bound each
 * wait (connecting, the greeting, each answer); the whole send is bounded on top, since several answers each just
 * within the silence limit could add up to more than the claim.
 * @param claimSeconds MAIL_CLAIM_SECONDS (at least 5)
 * @returns the limits in milliseconds
 */
export function smtpTimeLimits(claimSeconds: number): SmtpTimeLimits {
  const claimMs = claimSeconds * 1000;
  return {
    sendMs: claimMs * 0.75,
    connectionTimeout: Math.min(30_000, claimMs / 4),
    greetingTimeout: Math.min(30_000, claimMs / 4),
    socketTimeout: claimMs / 2,
  };
}

/**
 * What of nodemailer's SMTPPool the cut-off reaches (not its public API, so checked at run time): the pool's
 * connections, each with the message it is sending (`queueEntry.messageId`, the Message-ID without its brackets) and
 * its SMTP connection's socket.
 */
interface PoolInternals {
  _connections?: { queueEntry?: { messageId?: unknown } | false; connection?: { _socket?: unknown } | false }[];
}

/**
 * The socket of the pool's connection that is sending a message, if it can be found.
 * @param pool nodemailer's SMTPPool
 * @param messageId the message's Message-ID, with or without its angle brackets
 */
function socketSending(pool: SMTPPool, messageId: string): Socket | undefined {
  const id = messageId.replace(/[<>\s]/g, '');
  const connections = (pool as unknown as PoolInternals)._connections;
  if (!Array.isArray(connections)) return undefined;
  const resource = connections.find((c) => c.queueEntry !== false && c.queueEntry?.messageId === id);
  const socket = resource?.connection === false ? undefined : resource?.connection?._socket;
  return socket instanceof Socket ? socket : undefined;
}

/**
 * nodemailer's pooled SMTP transport: up to `concurrency` connections (`maxConnections`), each sending one message at
 * a time and reused for the next (`maxMessages` 100, then a fresh one), within the time limits of `smtpTimeLimits`
 * (nodemailer's `createTransport({ url, ...options })` keeps only what the URL says, so the limits are given to its
 * SMTPPool directly). The sender never has more than `concurrency` sends in flight, so a message never waits in the
 * pool's queue for a connection: its time limit runs while it is being sent. The whole send is cut off at its limit:
 * the socket of the connection sending it is destroyed (the relay never sees the end of the message, and the send
 * fails); should that connection not be found (another nodemailer), every connection of the pool is cut instead and
 * the other sends in flight fail too (they are tried again under new claims; none is sent twice). The pool never sends
 * a message again by itself when its connection closes (`maxRequeues: 0`): the outbox does, under a new claim. docs/reliability.md#e-mail.
 * @param url SMTP_URL, e.g. smtp://smtp-relay.gmail.com:587 (smtps:// for TLS from the start)
 * @param claimSeconds MAIL_CLAIM_SECONDS
 * @param concurrency MAIL_CONCURRENCY: connections, and so messages in flight, at most (1 to 50)
 */
export function smtpTransport(url: string, claimSeconds: number, concurrency: number): MailTransport {
  const limits = smtpTimeLimits(claimSeconds);
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  /** Every socket the pool's connections use (opened here, in `getSocket`), until it closes. */
  const sockets = new Set<Socket>();
  const options: SMTPPool.Options & { maxRequeues: number } = {
    pool: true,
    url,
    maxConnections: concurrency,
    maxMessages: 100,
    // A message whose connection closed while sending fails (the outbox tries it again under a new claim); the pool
    // must not send it again by itself, after the sender has given up on it.
    maxRequeues: 0,
    connectionTimeout: limits.connectionTimeout,
    greetingTimeout: limits.greetingTimeout,
    socketTimeout: limits.socketTimeout,
    getSocket(to, callback) {
      const host = to.host ?? 'localhost';
      const port = to.port ?? (to.secure === true ? 465 : 587);
      const connecting = connect({ host, port });
      sockets.add(connecting);
      connecting.once('close', () => sockets.delete(connecting));
      let connected = false;
      const timer = setTimeout(
        () =>
          connecting.destroy(
            new Error(`Could not connect to ${host}:${port} within ${seconds(limits.connectionTimeout)}`),
          ),
        limits.connectionTimeout,
      );
      // Stays attached: nodemailer adds its own handlers once it has the socket; an error before that ends the send.
      connecting.on('error', (error) => {
        clearTimeout(timer);
        if (!connected) callback(error, undefined);
      });
      connecting.once('connect', () => {
        connected = true;
        clearTimeout(timer);
        callback(null, { connection: connecting });
      });
    },
  };
  const open = () => new SMTPPool(options);
  let pool = open();
  let mailer = nodemailer.createTransport(pool);
  return {
    kind: 'smtp',
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      const cutOff = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const error = new Error(`The SMTP server did not take the message within ${seconds(limits.sendMs)}`);
          const socket = socketSending(pool, mail.messageId);
          if (socket !== undefined) socket.destroy(error);
          else {
            // Not found: every connection is cut (nodemailer's close() would let busy ones finish their message),
            // and a fresh pool takes the next messages, so nothing queued in the old one leaves later.
            for (const each of sockets) each.destroy(error);
            mailer.close();
            pool = open();
            mailer = nodemailer.createTransport(pool);
          }
          reject(error);
        }, limits.sendMs);
      });
      try {
        await Promise.race([
          mailer.sendMail({
            from: mail.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            messageId: mail.messageId,
            headers: mail.headers,
            date: mail.date,
            ...(mail.icalEvent === undefined ? {} : { icalEvent: mail.icalEvent }),
          }),
          cutOff,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => mailer.close(),
  };
}

/** Without SMTP_URL: nothing leaves the machine; the message is recorded as kept in the outbox. */
export const outboxOnlyTransport: MailTransport = {
  kind: 'outbox',
  send: async () => undefined,
  close: () => undefined,
};
