import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import type { RenderedMail } from './render.js';
import type { MailTransport } from './smtp-transport.js';

/** What sending a claimed outbox message needs and gives (docs/reliability.md#e-mail). */

export type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** What sending needs. */
export interface SendDeps {
  db: Database;
  /** Where a lost claim is reported (default: nowhere). */
  log?: { warn(details: Record<string, unknown>, message: string): void };
  catalog: RoleCatalog;
  now: Date;
  config: Pick<
    Config,
    | 'organisationTimeZone'
    | 'organisationLocale'
    | 'orgName'
    | 'supportEmail'
    | 'sessionSecret'
    | 'adminEmails'
    | 'mail'
    | 'secretBox'
  >;
  /** The app's public origin, for links. */
  origin: string;
  transport: MailTransport;
  /**
   * The running clock for claims (a run may last longer than a claim); default: `now` throughout (tests that move the
   * clock themselves).
   */
  clock?: () => Date;
}

/** What one run did. */
export interface SendResult {
  sent: number;
  cancelled: number;
  retried: number;
  failed: number;
  /** Sent or tried, but the claim had passed to another process meanwhile: the outcome was logged, not recorded. */
  lost: number;
}

/**
 * The kinds of outbox messages (mail_outbox.kind): a member's reminder, a digest, an invited person's welcome, the
 * day's team tasks, the messages to a newcomer's private address before the first day (docs/product.md#pre-boarding:
 * the welcome and timed ones, and a new link asked for), and a new Google account's temporary password to the
 * member's private address (docs/product.md#google-workspace-accounts).
 */
export const OUTBOX_MESSAGE_KINDS = [
  'reminder',
  'digest',
  'welcome',
  'team-tasks',
  'preboarding',
  'preboarding-link',
  'workspace-password',
] as const;

/**
 * A message that carries a secret (a single-use link, a temporary password) ready to leave, and the copy the outbox
 * keeps without it; or why it is not sent.
 */
export type BuiltWithSecret =
  { mail: RenderedMail; stored: RenderedMail; headers: Record<string, string> } | { cancel: string };

export interface Claimed {
  id: string;
  kind: (typeof OUTBOX_MESSAGE_KINDS)[number];
  recipient: string;
  plan: Record<string, unknown>;
  /** This claim's token: the message is still ours while the row holds it. */
  token: string;
}

export const clockOf = (deps: SendDeps): Date => deps.clock?.() ?? deps.now;
