import nodemailer from 'nodemailer';
import { type Config } from '../../env.js';
import { type CheckResult, DEFAULT_TIMEOUT_MS, message, result } from './check-result.js';

/** The e-mail check (docs/operations.md#e-mail). */

/** A connection to the SMTP server of `smtpUrl` whose connecting, greeting and each answer may take `timeoutMs`. */
const transportTo = (smtpUrl: string, timeoutMs: number) =>
  nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);

/**
 * E-mail: SMTP_URL accepts a connection (and its login); with `sendTestTo`, a test message is sent through it.
 * Without SMTP_URL nothing leaves the machine (a warning in production).
 */
export async function checkMail(
  config: Config,
  sendTestTo: string | undefined,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<CheckResult> {
  const title = 'E-mail';
  const smtpUrl = config.mail.smtpUrl;
  if (smtpUrl === undefined) {
    return result(
      'mail',
      title,
      config.isProduction ? 'warning' : 'skipped',
      'SMTP_URL is not set: reminders and digests stay in the outbox and nothing is sent.',
      config.isProduction ? 'Set SMTP_URL and MAIL_FROM (docs/operations.md#e-mail).' : undefined,
    );
  }
  const server = safeHost(smtpUrl);
  const transporter = transportTo(smtpUrl, timeoutMs);
  try {
    await transporter.verify();
    if (sendTestTo === undefined) {
      return result(
        'mail',
        title,
        'ok',
        `${server} accepts connections. Add --send-test-to <address> to send a test message.`,
      );
    }
    const info = (await transporter.sendMail({
      from: config.mail.from,
      to: sendTestTo,
      subject: `${config.orgName} Onboarding: test message`,
      text: `This is a test message from npm run doctor. If you can read it, ${config.orgName} Onboarding can send reminders and digests.\n`,
    })) as { accepted?: unknown[] };
    const accepted = Array.isArray(info.accepted) && info.accepted.length > 0;
    return result(
      'mail',
      title,
      accepted ? 'ok' : 'problem',
      accepted
        ? `${server} accepted a test message to ${sendTestTo} from ${config.mail.from}. Check that it arrives (and not in spam).`
        : `${server} did not accept the test message to ${sendTestTo}.`,
      accepted ? undefined : 'Check that MAIL_FROM is an address the relay may send from.',
    );
  } catch (error) {
    return result(
      'mail',
      title,
      'problem',
      `${server} refused or could not be reached: ${message(error)}`,
      'Check SMTP_URL (host, port, smtp:// or smtps://, a percent-encoded user and password) and that this machine may use the relay ' +
        '(for Google Workspace: allow its IP address in the SMTP relay service; docs/operations.md#e-mail).',
    );
  } finally {
    transporter.close();
  }
}

/**
 * Whether an SMTP server accepts a connection (and the login the URL carries), as `npm run setup` checks SMTP_URL.
 * @param smtpUrl an smtp:// or smtps:// URL
 * @param timeoutMs how long connecting and greeting may take
 * @returns undefined when it does, else what went wrong (without the password)
 */
export async function smtpProblem(smtpUrl: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string | undefined> {
  const transporter = transportTo(smtpUrl, timeoutMs);
  try {
    await transporter.verify();
    return undefined;
  } catch (error) {
    return `${safeHost(smtpUrl)} refused or could not be reached: ${message(error)}`;
  } finally {
    transporter.close();
  }
}

/** The SMTP URL without its password, for messages. */
function safeHost(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}
