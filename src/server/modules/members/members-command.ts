import { parseArgs } from 'node:util';
import { z } from 'zod';
import { findRoleConfiguration, normaliseRoleText, type RoleLookupResult } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { COMMAND_LINE_ACTOR, removeMemberRecord, setMemberRecord } from './member-writes.service.js';
import { getMember, listMembers, type MemberRow } from './members.repository.js';

/** The department of a person without one (docs/product.md#member-records: volunteer / Operations). */
export const DEFAULT_DEPARTMENT = 'Operations';

/** The help text of `npm run members`. */
export const MEMBERS_USAGE = `Usage: npm run members -- <command>

Commands:
  set <email> <role> [department] [--admin | --no-admin] [--editor | --no-editor] [--force]
      Create or change the member record of <email>. <role> is a role key, an alias or a job title
      ("finance", "Treasurer", "Director of Finance and Operations"); it is stored as written and resolved by
      the role lookup whenever the person signs in. Without [department] the department stays as it was; a new
      record gets the department of its role (e.g. Finance), else ${DEFAULT_DEPARTMENT}. The department is stored as
      written (it is not checked against the admin console's departments list).
        --admin / --no-admin   make the person an admin, or not (default: unchanged; new records are not admins)
        --editor / --no-editor make the person a content editor (the content studio only), or not (default: unchanged)
        --force                store a role that matches no role configuration (the person sees the volunteer steps)
  list
      Show every member record.
  remove <email>
      Delete the member record of <email>; the person falls back to volunteer / ${DEFAULT_DEPARTMENT}.
  help
      Show this text.

The command uses the server's settings: DATABASE_URL (PostgreSQL), else the embedded database in DATA_DIR, which
only one process can open at a time: stop the server first.`;

/** What {@link runMembersCommand} works with. */
export interface MembersCommandDeps {
  db: Database;
  /** All role configurations, for the role lookup. */
  catalog: RoleCatalog;
  /** ALLOWED_DOMAIN, lower case: people outside it cannot sign in (a warning, not an error). */
  allowedDomain: string;
  /** Writes one line of normal output (stdout). */
  out: (line: string) => void;
  /** Writes one line of warnings and errors (stderr). */
  err: (line: string) => void;
  /** The clock (default: the real one). */
  now?: () => Date;
}

/** Thrown for a wrong command line; the message is shown with the usage text. */
class UsageError extends Error {}

const emailSchema = z.email();

function matchedText(lookup: RoleLookupResult): string {
  switch (lookup.matchedBy) {
    case 'key':
      return 'its key';
    case 'alias':
      return 'an alias';
    case 'contains':
      return 'an alias contained in the text';
    case 'default':
      return 'nothing (the default)';
  }
}

/** The department a new record gets: the role's own if it is a department, else its parent's, else the default. */
function departmentOf(catalog: RoleCatalog, key: string): string {
  const config = catalog.get(key);
  if (config?.isDepartment) return config.displayName;
  const parent = config?.parentDepartment ? catalog.get(config.parentDepartment.toLowerCase()) : undefined;
  return parent?.displayName ?? DEFAULT_DEPARTMENT;
}

/** Lays rows out as columns separated by two spaces; the last column is not padded. */
export function formatTable(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
  );
}

/** The line saying a person was signed out of their devices, and why. */
function signedOut(email: string, sessions: number, why: string): string {
  return `Signed ${email} out of ${sessions} session${sessions === 1 ? '' : 's'} (${why}): they sign in again with their new access.`;
}

const formatTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')}`;

async function setMember(
  positionals: string[],
  flags: { admin: boolean; noAdmin: boolean; editor: boolean; noEditor: boolean; force: boolean },
  deps: MembersCommandDeps,
) {
  const [rawEmail, rawRole, rawDepartment, ...extra] = positionals;
  if (rawEmail === undefined || rawRole === undefined) throw new UsageError('set needs an e-mail address and a role.');
  if (extra.length > 0) {
    throw new UsageError(
      `set takes at most 3 values, got ${positionals.length}; put a role or department with spaces in quotes.`,
    );
  }
  if (flags.admin && flags.noAdmin) throw new UsageError('Use either --admin or --no-admin, not both.');
  if (flags.editor && flags.noEditor) throw new UsageError('Use either --editor or --no-editor, not both.');
  const email = rawEmail.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) {
    deps.err(`"${rawEmail}" is not an e-mail address.`);
    return 1;
  }
  const role = rawRole.trim().replace(/\s+/gu, ' ');
  if (role === '') {
    deps.err('The role must not be empty.');
    return 1;
  }
  const department = rawDepartment?.trim().replace(/\s+/gu, ' ');
  if (department === '') {
    deps.err('The department must not be empty (leave it out to keep the current one).');
    return 1;
  }

  const lookup = findRoleConfiguration(deps.catalog, role);
  if (lookup.matchedBy === 'default') {
    const known = [...deps.catalog.keys()].join(', ');
    if (!flags.force) {
      deps.err(`${lookup.problem ?? `No role configuration found for "${role}"`}.`);
      deps.err(`Use a role key (${known}) or one of its aliases, or add --force to store "${role}" anyway.`);
      return 1;
    }
    deps.err(`Warning: ${lookup.problem ?? role}; stored anyway (--force): this person will see the volunteer steps.`);
  } else {
    const config = deps.catalog.get(lookup.key);
    const shown = normaliseRoleText(role) === lookup.key ? lookup.key : `"${role}"`;
    deps.out(
      `Role ${shown} is the role configuration ${lookup.key} (${config?.displayName ?? lookup.key}), matched by ${matchedText(lookup)}.`,
    );
  }

  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (domain !== deps.allowedDomain) {
    deps.err(`Warning: ${email} is not at ${deps.allowedDomain} (ALLOWED_DOMAIN), so this person cannot sign in.`);
  }

  const existing = await getMember(deps.db, email);
  const { row: saved, sessionsEnded } = await setMemberRecord(
    deps.db,
    {
      email,
      role,
      department: department ?? existing?.department ?? departmentOf(deps.catalog, lookup.key),
      isAdmin: flags.admin ? true : flags.noAdmin ? false : (existing?.isAdmin ?? false),
      isEditor: flags.editor ? true : flags.noEditor ? false : (existing?.isEditor ?? false),
    },
    COMMAND_LINE_ACTOR,
    deps.now?.() ?? new Date(),
  );
  deps.out(
    `${existing ? 'Updated' : 'Added'} ${saved.email}: role "${saved.role}" (${lookup.key}), department ${saved.department}` +
      `${saved.isAdmin ? ', admin' : ''}${saved.isEditor ? ', content editor' : ''}.`,
  );
  if (sessionsEnded > 0) deps.out(signedOut(saved.email, sessionsEnded, 'their access changed'));
  return 0;
}

function listAll(rows: readonly MemberRow[], deps: MembersCommandDeps): number {
  if (rows.length === 0) {
    deps.out('No member records yet. Add one with: npm run members -- set <email> <role> [department]');
    return 0;
  }
  const table = rows.map((row) => {
    const lookup = findRoleConfiguration(deps.catalog, row.role);
    return [
      row.email,
      row.role,
      lookup.matchedBy === 'default' ? `${lookup.key} (no match)` : lookup.key,
      row.department,
      row.isAdmin ? 'yes' : 'no',
      formatTime(row.updatedAt),
    ];
  });
  for (const line of formatTable([
    ['EMAIL', 'ROLE', 'RESOLVES TO', 'DEPARTMENT', 'ADMIN', 'UPDATED (UTC)'],
    ...table,
  ])) {
    deps.out(line);
  }
  deps.out(`${rows.length} member record${rows.length === 1 ? '' : 's'}.`);
  return 0;
}

/**
 * The `npm run members` command for administrators (docs/product.md#member-records): `set`, `list`, `remove`
 * and `help` on the member records (e-mail → role text, department, admin). `set` resolves the role text through the
 * role lookup of docs/product.md#role-lookup and says what it resolved to; it refuses text that matches no role
 * configuration unless
 * `--force` is given, and only warns about an e-mail outside ALLOWED_DOMAIN. See {@link MEMBERS_USAGE}.
 * @param args the command line after `--`, e.g. `['set', 'a@inspired2uplift.org', 'Treasurer', '--admin']`
 * @param deps the database, the role catalog, ALLOWED_DOMAIN and where to write output
 * @returns the exit code: 0 done, 1 refused or nothing to do (a message on `err`), 2 a wrong command line (the usage
 *   text on `err`)
 * @throws the database error when a read or write fails
 */
export async function runMembersCommand(args: readonly string[], deps: MembersCommandDeps): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        admin: { type: 'boolean', default: false },
        'no-admin': { type: 'boolean', default: false },
        editor: { type: 'boolean', default: false },
        'no-editor': { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || command === 'help' || command === undefined) {
      (command === undefined && !values.help ? deps.err : deps.out)(MEMBERS_USAGE);
      return command === undefined && !values.help ? 2 : 0;
    }
    switch (command) {
      case 'set':
        return await setMember(
          rest,
          {
            admin: values.admin,
            noAdmin: values['no-admin'],
            editor: values.editor,
            noEditor: values['no-editor'],
            force: values.force,
          },
          deps,
        );
      case 'list':
        if (rest.length > 0) throw new UsageError('list takes no values.');
        return listAll(await listMembers(deps.db), deps);
      case 'remove': {
        const [email, ...extra] = rest;
        if (email === undefined || extra.length > 0) throw new UsageError('remove needs exactly one e-mail address.');
        const removed = await removeMemberRecord(deps.db, email.trim(), COMMAND_LINE_ACTOR, deps.now?.() ?? new Date());
        if (removed) {
          deps.out(
            `Removed the member record of ${email.trim().toLowerCase()}; they now get volunteer / ${DEFAULT_DEPARTMENT}.`,
          );
          if (removed.sessionsEnded > 0)
            deps.out(signedOut(email.trim().toLowerCase(), removed.sessionsEnded, 'removed'));
          return 0;
        }
        deps.err(`There is no member record for ${email.trim().toLowerCase()}; nothing removed.`);
        return 1;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    const isArgsError =
      error instanceof TypeError &&
      typeof (error as NodeJS.ErrnoException).code === 'string' &&
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
    if (!(error instanceof UsageError) && !isArgsError) throw error;
    deps.err(error.message);
    deps.err('');
    deps.err(MEMBERS_USAGE);
    return 2;
  }
}
