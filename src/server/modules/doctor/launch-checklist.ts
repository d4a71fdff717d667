import { and, desc, eq, isNull } from 'drizzle-orm';
import type { RoleConfiguration } from '../../../shared/content-schema.js';
import { type LaunchCheck, type StudioLink, studioFieldHref } from '../../../shared/launch-checklist-api.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { findPlaceholders } from '../../content/placeholders.js';
import type { Database } from '../../db/client.js';
import { auditLog, members } from '../../db/schema.js';
import type { Config } from '../../env.js';
import {
  type CheckResult,
  checkBackups,
  checkGoogle,
  checkMail,
  FORGEABLE_FIX,
  forgeableClientAddresses,
} from './checks.js';
import { checkWorkspace, workspaceLaunchCheck } from './workspace-check.js';

/**
 * The admin console's launch checklist (docs/product.md#launch-checklist): the doctor's checks that matter before
 * launch (Google sign-in, the Google Workspace connection, e-mail, the proxy, backups), the admins, the support address, the content still marked as
 * placeholder and the draft documents, each said in plain language with what to do (no file, command or variable
 * names: those go in `technical`, shown under "Details for whoever runs the server").
 */

/** The audit kind of hiding the checklist or showing it again; the admin's latest such entry is the state. */
export const LAUNCH_CHECKLIST_AUDIT_KIND = 'launch-checklist';

/** How long each network check of the checklist may take (Google's discovery document, the mail server). */
export const LAUNCH_CHECK_TIMEOUT_MS = 5000;

/** The doctor's finding and fix, for whoever runs the server. */
const technical = (check: Pick<CheckResult, 'detail' | 'fix'>): string =>
  check.fix === undefined ? check.detail : `${check.detail}\nFix: ${check.fix}`;

const ASK_OPERATOR = 'Ask whoever runs the server to fix it: the details below say what is wrong and how.';

/** What to ask whoever runs the server, naming the section of the operations guide in words (not a file or a variable). */
const askToFollow = (section: string): string =>
  `Ask whoever runs the server to follow ‘${section}’ in the operations guide.`;

/**
 * The Google sign-in check in plain language.
 * @param check the doctor's result of {@link checkGoogle}
 */
export function googleCheck(check: CheckResult): LaunchCheck {
  const base = { id: 'google' as const, title: 'Google sign-in', technical: technical(check), links: [] };
  if (check.status === 'ok') {
    return { ...base, status: 'ok', summary: 'Members can sign in with their Google account.' };
  }
  if (check.status === 'skipped') {
    return {
      ...base,
      status: 'warning',
      summary:
        'Google sign-in is not set up: this installation offers the development sign-in, which is for trying the app only.',
      todo: `Before launch, set up sign-in with Google accounts. ${askToFollow('Google sign-in')}`,
    };
  }
  return {
    ...base,
    status: check.status,
    summary: 'Google sign-in is not working yet, so members cannot sign in with their Google account.',
    todo: ASK_OPERATOR,
  };
}

/**
 * The e-mail check in plain language.
 * @param check the doctor's result of {@link checkMail}
 * @param sentTo the address a test message was just sent to, if one was
 */
export function mailCheck(check: CheckResult, sentTo?: string): LaunchCheck {
  const base = { id: 'mail' as const, title: 'E-mail', technical: technical(check), links: [] };
  if (check.status === 'ok') {
    return sentTo === undefined
      ? {
          ...base,
          status: 'ok',
          summary: 'The app can reach your mail server, so reminders and digests can be sent.',
          todo: 'Send a test message to yourself to be sure it arrives (look in your spam folder too).',
        }
      : {
          ...base,
          status: 'ok',
          summary: `The mail server accepted a test message to ${sentTo}. Check that it arrives, and not in spam.`,
        };
  }
  if (check.status === 'skipped' || check.status === 'warning') {
    return {
      ...base,
      status: 'warning',
      summary: 'E-mail is not set up yet: reminders and digests wait in the outbox, and nobody receives them.',
      todo: askToFollow('E-mail'),
    };
  }
  return {
    ...base,
    status: 'problem',
    summary:
      sentTo === undefined
        ? 'The app cannot send e-mail: the mail server refused it or could not be reached.'
        : `The test message to ${sentTo} could not be sent: the mail server refused it or could not be reached.`,
    todo: ASK_OPERATOR,
  };
}

/**
 * The backups check in plain language.
 * @param check the doctor's result of {@link checkBackups}
 */
export function backupsCheck(check: CheckResult): LaunchCheck {
  const base = { id: 'backups' as const, title: 'Backups', technical: technical(check), links: [] };
  if (check.status === 'ok') {
    return {
      ...base,
      status: 'ok',
      summary: check.detail.replace(/ Copy backups off this machine too.*$/su, ''),
      todo: "Make sure a copy of the backups is kept off this server too: a backup on the server's own disk is lost with that disk.",
    };
  }
  if (check.status === 'skipped') {
    return { ...base, status: 'skipped', summary: 'There is no data yet, so no backup yet.' };
  }
  if (check.detail.startsWith('On PostgreSQL')) {
    return {
      ...base,
      status: 'warning',
      summary: 'The data is kept in PostgreSQL, and the app does not back it up itself.',
      todo: 'Ask whoever runs the server how PostgreSQL is backed up, and when a restore was last tried.',
    };
  }
  return {
    ...base,
    status: check.status,
    summary:
      'The app has not made a backup as often as it should: if the server’s disk failed now, recent work could be lost.',
    todo: 'Take a backup now in the Backups tab, and ask whoever runs the server why the scheduled backups stopped.',
  };
}

/**
 * The reverse proxy in plain language: whether each person's own address reaches the app (the sign-in limits count by
 * it), and whether someone could get around the proxy to pretend to be another address.
 * @param config the configuration (TRUST_PROXY, HOST)
 * @param forwardedWithoutTrust whether a request came through a proxy while TRUST_PROXY is not set
 */
export function proxyCheck(config: Config, forwardedWithoutTrust: boolean): LaunchCheck {
  const base = { id: 'proxy' as const, title: 'Visitors’ addresses', links: [] };
  const forgeable = forgeableClientAddresses(config);
  if (forgeable !== undefined) {
    return {
      ...base,
      status: 'problem',
      summary:
        'Someone who reaches the server directly, without going through its front door (the proxy), can pretend to come from any address and get around the limits on failed sign-ins.',
      todo: ASK_OPERATOR,
      technical: `${forgeable}.\nFix: ${FORGEABLE_FIX}`,
    };
  }
  if (config.trustProxy === false && forwardedWithoutTrust) {
    return {
      ...base,
      status: 'warning',
      summary:
        'Visits come through a proxy, but the app has not been told to trust it: everyone seems to come from one address, so a few failed sign-ins can make everyone wait.',
      todo: askToFollow('Behind a reverse proxy'),
      technical:
        "Requests carry X-Forwarded-For but TRUST_PROXY is not set.\nFix: set TRUST_PROXY to the proxy's address as the app sees it (or 1 with HOST=127.0.0.1 when the proxy is on this machine), then restart (docs/operations.md#behind-a-reverse-proxy).",
    };
  }
  return {
    ...base,
    status: 'ok',
    summary:
      config.trustProxy === false
        ? 'Visits reach the app directly (no proxy has been seen since it started), each with its own address.'
        : 'The app knows the proxy in front of it, and only the proxy can tell it who is visiting.',
  };
}

/**
 * The support address in plain language: the address on the login page, every footer and the error pages, until it is
 * set listed as to do (the built-in one is an example).
 * @param config the configuration (`supportEmailSet`, `supportEmail`)
 */
export function supportAddressCheck(config: Config): LaunchCheck {
  const base = { id: 'support-address' as const, title: 'Support address', links: [] };
  if (config.supportEmailSet) {
    return {
      ...base,
      status: 'ok',
      summary: `People who need help are told to write to ${config.supportEmail}.`,
    };
  }
  return {
    ...base,
    status: 'warning',
    summary: `The login page and every footer tell people to write to ${config.supportEmail} for help, but nobody has said yet that this is the right address.`,
    todo: `Choose the address people should write to for help, and ask whoever runs the server to set it (‘Configuration’ in the operations guide).`,
    technical: `SUPPORT_EMAIL is not set: the built-in ${config.supportEmail} is shown.\nFix: set SUPPORT_EMAIL in .env (or run npm run setup again), then restart.`,
  };
}

/**
 * The admins: everyone in ADMIN_EMAILS and every member record with the admin flag (people who left excepted).
 * @param config the configuration (ADMIN_EMAILS)
 * @param db the database (member records)
 * @returns the admins' addresses, sorted
 */
export async function listAdmins(config: Config, db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: members.email })
    .from(members)
    .where(and(eq(members.isAdmin, true), isNull(members.leftAt)));
  return [...new Set([...config.adminEmails.map((e) => e.toLowerCase()), ...rows.map((r) => r.email)])].sort();
}

/**
 * The admins check: two or more admins, so that one being away never locks the organisation out.
 * @param admins the admins' addresses ({@link listAdmins})
 */
export function adminsCheck(admins: string[]): LaunchCheck {
  const base = { id: 'admins' as const, title: 'Admins', links: [] };
  if (admins.length >= 2) {
    return { ...base, status: 'ok', summary: `${admins.length} people are admins: ${admins.join(', ')}.` };
  }
  return {
    ...base,
    status: 'warning',
    summary:
      admins.length === 1
        ? `${admins[0]} is the only admin. If they are away, nobody else can manage members, shared passwords or backups.`
        : 'Nobody is an admin.',
    todo: "Make a second person you trust an admin: open their page from the Members tab and tick 'Admin', or invite them as an admin in the Invite tab.",
  };
}

/** `content.contacts[1].name` → `Contact 2 name`: a field's path as a person would say it. */
function fieldName(path: string): string {
  return path
    .replace(/^content\./u, '')
    .split('.')
    .map((part) => {
      const match = /^(\w+)\[(\d+)\]$/u.exec(part);
      const word = (match?.[1] ?? part).replace(/([a-z])([A-Z])/gu, '$1 $2').toLowerCase();
      if (!match) return word;
      const singular = word.replace(/ies$/u, 'y').replace(/s$/u, '');
      return `${singular} ${Number(match[2]) + 1}`;
    })
    .join(' ')
    .replace(/^./u, (c) => c.toUpperCase());
}

/** Where a path of a role configuration is, in words: "Volunteer › Sign the Volunteer Agreement › Detail 1". */
function describePath(configuration: RoleConfiguration, path: string): string {
  const match = /^scopes\[(\d+)\](?:\.steps\[(\d+)\])?\.?(.*)$/u.exec(path);
  if (!match) return `${configuration.displayName} › ${fieldName(path)}`;
  const scope = configuration.scopes[Number(match[1])];
  const step = match[2] === undefined ? undefined : scope?.steps[Number(match[2])];
  return [configuration.displayName, scope?.title, step?.title, fieldName(match[3] ?? '')]
    .filter((x) => x !== undefined && x !== '')
    .join(' › ');
}

const excerpt = (text: string): string => {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= 120 ? flat : `${flat.slice(0, 117)}…`;
};

const sortedConfigurations = (catalog: RoleCatalog): RoleConfiguration[] =>
  [...catalog.values()].sort((a, b) => a.key.localeCompare(b.key));

/**
 * The content still marked as placeholder ("to be added", "to be confirmed"), as `npm run content:check -- --strict`
 * lists it, each with a link to its field in the content studio.
 * @param catalog the published content
 */
export function placeholdersCheck(catalog: RoleCatalog): LaunchCheck {
  const links: StudioLink[] = sortedConfigurations(catalog).flatMap((configuration) =>
    findPlaceholders(configuration).map(({ path, text }) => ({
      text: `${describePath(configuration, path)}: ${excerpt(text)}`,
      href: studioFieldHref(configuration.key, path),
    })),
  );
  const base = { id: 'placeholders' as const, title: 'Placeholders in the content' };
  if (links.length === 0) {
    return { ...base, status: 'ok', summary: 'No text of the content is marked as a placeholder.', links };
  }
  return {
    ...base,
    status: 'warning',
    summary: `${links.length} ${links.length === 1 ? 'text of the content is' : 'texts of the content are'} still marked as a placeholder ("to be added" or "to be confirmed"). Members see them marked as not confirmed yet.`,
    todo: 'Open each one in the content studio, write the real text (without "to be added" or "to be confirmed"), and publish.',
    links,
  };
}

/**
 * The documents marked as drafts (a step's `pdfDraft`), each with a link to the mark in the content studio.
 * @param catalog the published content
 */
export function draftsCheck(catalog: RoleCatalog): LaunchCheck {
  const links: StudioLink[] = sortedConfigurations(catalog).flatMap((configuration) =>
    configuration.scopes.flatMap((scope, s) =>
      scope.steps.flatMap((step, i) =>
        step.pdfDraft === true
          ? [
              {
                text: `${configuration.displayName} › ${scope.title} › ${step.title}`,
                href: studioFieldHref(configuration.key, `scopes[${s}].steps[${i}].pdfDraft`),
              },
            ]
          : [],
      ),
    ),
  );
  const base = { id: 'drafts' as const, title: 'Draft documents' };
  if (links.length === 0) {
    return { ...base, status: 'ok', summary: 'No document is marked as a draft.', links };
  }
  return {
    ...base,
    status: 'warning',
    summary: `${links.length === 1 ? 'One document is' : `${links.length} documents are`} marked as a draft: members see "DRAFT" on it, and their signature receipts say "DRAFT".`,
    todo: "When the final document is ready: upload it in the content studio, untick 'This PDF is a draft', raise the agreement version so that members sign the final text, and publish.",
    links,
  };
}

/**
 * Runs the launch checklist.
 * @param input `config`, `db`, `catalog` (the published content), `now` (backups are judged against it)
 * @returns the checks in the order shown
 */
export async function runLaunchChecklist(input: {
  config: Config;
  db: Database;
  catalog: RoleCatalog;
  now: Date;
  /** Whether a request came through a proxy while TRUST_PROXY is not set (default false). */
  forwardedWithoutTrust?: boolean;
}): Promise<LaunchCheck[]> {
  const { config, db, catalog, now } = input;
  const [google, workspace, mail, admins] = await Promise.all([
    checkGoogle(config, LAUNCH_CHECK_TIMEOUT_MS),
    checkWorkspace(config, LAUNCH_CHECK_TIMEOUT_MS),
    checkMail(config, undefined, LAUNCH_CHECK_TIMEOUT_MS),
    listAdmins(config, db),
  ]);
  return [
    googleCheck(google),
    workspaceLaunchCheck(workspace, technical(workspace)),
    mailCheck(mail),
    proxyCheck(config, input.forwardedWithoutTrust ?? false),
    backupsCheck(checkBackups(config, now)),
    adminsCheck(admins),
    supportAddressCheck(config),
    placeholdersCheck(catalog),
    draftsCheck(catalog),
  ];
}

/**
 * Whether an admin hid the launch checklist: their latest {@link LAUNCH_CHECKLIST_AUDIT_KIND} audit entry says so.
 * @param db the database
 * @param userId the admin's user id
 */
export async function isChecklistDismissed(db: Database, userId: string): Promise<boolean> {
  const [latest] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.kind, LAUNCH_CHECKLIST_AUDIT_KIND), eq(auditLog.actorUserId, userId)))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return latest?.details?.dismissed === true;
}
