import { and, asc, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DirectoryFindings, LeftInGoogle, NotMember } from '../../../shared/workspace-directory-api.js';
import { dayIn } from '../../calendar.js';
import type { Database } from '../../db/client.js';
import { members, users, workspaceDirectoryAccounts, workspaceDirectoryReads } from '../../db/schema.js';
import { WORKSPACE_SCOPES, workspaceError, type WorkspaceConnection, type WorkspaceError } from './connection.js';

/**
 * The periodic read of the Google Workspace directory (docs/product.md#who-left-in-google-workspace): every account of
 * the domain through the Directory API's users.list (the read-only scope), kept in the database, so that admins see
 * the members whose account was suspended or deleted in Google (to mark them as left) and the accounts that are not
 * members yet (to invite).
 */

/** One account of the domain as users.list gives it. */
export interface ListedAccount {
  /** The primary address, lower case. */
  email: string;
  googleId: string;
  givenName: string;
  familyName: string;
  state: 'active' | 'suspended' | 'deleted';
  /** When Google suspended or deleted it, when it says. */
  since: Date | null;
}

/** The largest page users.list gives (Google's documented maximum of `maxResults`). */
export const USERS_PAGE_SIZE = 500;
/** How long an account deleted in Google is remembered, unless it is a member's not marked as left: 30 days. */
const FORGET_DELETED_MS = 30 * 86_400_000;
/** The one row of workspace_directory_reads. */
const READ_ID = 'directory';

/** A time Google gave, or null when it gave none or one that does not parse. */
function timeOf(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Every account of a domain: the current ones page by page (`nextPageToken`; a suspended one has `suspended` and
 * `suspensionTime`), then those deleted in the last 20 days (`showDeleted=true`, with `deletionTime`). An address that
 * is both (deleted, then made again) counts as the current account.
 * @param connection the Workspace connection (its read-only scope)
 * @param domain the domain whose accounts are listed (ALLOWED_DOMAIN)
 * @returns the accounts, in no particular order
 * @throws WorkspaceError when Google refuses or cannot be reached
 */
export async function listDomainAccounts(connection: WorkspaceConnection, domain: string): Promise<ListedAccount[]> {
  const directory = connection.directory([WORKSPACE_SCOPES.readUsers]);
  const accounts = new Map<string, ListedAccount>();
  for (const deleted of [false, true]) {
    let pageToken: string | undefined;
    do {
      let page;
      try {
        page = await directory.users.list({
          domain,
          maxResults: USERS_PAGE_SIZE,
          ...(pageToken === undefined ? {} : { pageToken }),
          ...(deleted ? { showDeleted: 'true' } : {}),
        });
      } catch (error) {
        throw workspaceError(error, `listing the ${deleted ? 'deleted ' : ''}accounts of ${domain}`);
      }
      for (const user of page.data.users ?? []) {
        const email = (user.primaryEmail ?? '').toLowerCase();
        if (email === '' || accounts.has(email)) continue;
        accounts.set(email, {
          email,
          googleId: user.id ?? '',
          givenName: user.name?.givenName ?? '',
          familyName: user.name?.familyName ?? '',
          state: deleted ? 'deleted' : user.suspended === true ? 'suspended' : 'active',
          since: deleted ? timeOf(user.deletionTime) : user.suspended === true ? timeOf(user.suspensionTime) : null,
        });
      }
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken !== undefined && pageToken !== '');
  }
  return [...accounts.values()];
}

/**
 * Keeps what a read found, in one transaction: each listed account as listed (`since` kept while its state does not
 * change; a change without Google's time counts from now); an account seen before and no longer listed at all is
 * deleted (Google forgets deleted accounts after 20 days); an account deleted 30 days ago is forgotten, unless it is
 * a member's who is not marked as left yet (the admins still have to see it).
 * @param db the database
 * @param listed what {@link listDomainAccounts} found
 * @param now the time of the read
 */
export async function storeDirectoryAccounts(db: Database, listed: readonly ListedAccount[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const t = workspaceDirectoryAccounts;
    for (let i = 0; i < listed.length; i += USERS_PAGE_SIZE) {
      const rows = listed
        .slice(i, i + USERS_PAGE_SIZE)
        .map((a) => ({ ...a, since: a.state === 'active' ? null : (a.since ?? now), seenAt: now }));
      await tx
        .insert(t)
        .values(rows)
        .onConflictDoUpdate({
          target: t.email,
          set: {
            googleId: sql`excluded.google_id`,
            givenName: sql`excluded.given_name`,
            familyName: sql`excluded.family_name`,
            since: sql`case when ${t.state} = excluded.state then coalesce(${t.since}, excluded.since)
              when excluded.state = 'active' then null else excluded.since end`,
            state: sql`excluded.state`,
            seenAt: sql`excluded.seen_at`,
          },
        });
    }
    await tx
      .update(workspaceDirectoryAccounts)
      .set({ state: 'deleted', since: now })
      .where(and(lt(workspaceDirectoryAccounts.seenAt, now), sql`${workspaceDirectoryAccounts.state} <> 'deleted'`));
    await tx.delete(workspaceDirectoryAccounts).where(
      and(
        eq(workspaceDirectoryAccounts.state, 'deleted'),
        lt(workspaceDirectoryAccounts.since, new Date(now.getTime() - FORGET_DELETED_MS)),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(members)
            .where(and(eq(members.email, workspaceDirectoryAccounts.email), isNull(members.leftAt))),
        ),
      ),
    );
  });
}

/** How a read ended: the accounts found, or Google's failure in words an admin can act on. */
export type DirectoryReadOutcome =
  { ok: true; accounts: number } | { ok: false; failure: WorkspaceError['failure']; problem: string };

/** What an admin reads of a failed read: what happened and what to do. */
function problemOf(error: WorkspaceError): string {
  switch (error.failure) {
    case 'unavailable':
      return 'Google Workspace was busy or could not be reached. The app tries again within the hour.';
    case 'missing-scope':
      return `Google does not let the app read the directory: a Workspace administrator has to give the app the permission ${WORKSPACE_SCOPES.readUsers} (the launch checklist says how).`;
    default:
      return `Google Workspace refused to list the accounts: ${error.message}.`;
  }
}

/**
 * Reads the directory and keeps what it found, recording the read (when, whether it worked, how many accounts, or
 * why not) in workspace_directory_reads.
 * @param deps the database, the connection, the domain and the clock's time
 * @returns how it ended; never throws for Google's failures (they are recorded and returned)
 */
export async function readDirectory(deps: {
  db: Database;
  connection: WorkspaceConnection;
  domain: string;
  now: Date;
}): Promise<DirectoryReadOutcome> {
  const { db, now } = deps;
  const started = { id: READ_ID, startedAt: now };
  await db
    .insert(workspaceDirectoryReads)
    .values(started)
    .onConflictDoUpdate({ target: workspaceDirectoryReads.id, set: { startedAt: now } });
  let listed: ListedAccount[];
  try {
    listed = await listDomainAccounts(deps.connection, deps.domain);
  } catch (error) {
    const failure = workspaceError(error, `listing the accounts of ${deps.domain}`);
    const problem = problemOf(failure);
    await db
      .update(workspaceDirectoryReads)
      .set({ finishedAt: now, ok: false, problem })
      .where(eq(workspaceDirectoryReads.id, READ_ID));
    return { ok: false, failure: failure.failure, problem };
  }
  // A domain always has current accounts (the administrator the app acts as, at least): none means a wrong domain,
  // and keeping that would mark every member as gone.
  if (!listed.some((a) => a.state !== 'deleted')) {
    const problem = `Google Workspace listed no accounts of ${deps.domain}: check that ALLOWED_DOMAIN is the domain of the Workspace.`;
    await db
      .update(workspaceDirectoryReads)
      .set({ finishedAt: now, ok: false, problem })
      .where(eq(workspaceDirectoryReads.id, READ_ID));
    return { ok: false, failure: 'other', problem };
  }
  await storeDirectoryAccounts(db, listed, now);
  await db
    .update(workspaceDirectoryReads)
    .set({ finishedAt: now, ok: true, problem: null, accounts: listed.length })
    .where(eq(workspaceDirectoryReads.id, READ_ID));
  return { ok: true, accounts: listed.length };
}

/**
 * When the last read started, or null: several app processes read once per period between them.
 * @param db the database
 */
export async function lastReadStartedAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: workspaceDirectoryReads.startedAt })
    .from(workspaceDirectoryReads)
    .where(eq(workspaceDirectoryReads.id, READ_ID));
  return row?.startedAt ?? null;
}

/** The name to show: the one the app knows from a sign-in, else Google's. */
const shownName = sql<string>`coalesce(nullif(${users.name}, ''), trim(${workspaceDirectoryAccounts.givenName} || ' ' || ${workspaceDirectoryAccounts.familyName}))`;

/**
 * Members (not marked as left) whose Google account the last reads found suspended or deleted, latest first.
 * @param db the database
 * @param when the clock's time and the organisation's time zone (IANA): the day to mark them as left is the day their
 *   account went there, today at the latest
 * @param email only this member, when given
 */
export async function leftInGoogle(
  db: Database,
  when: { now: Date; timeZone: string },
  email?: string,
): Promise<LeftInGoogle[]> {
  const today = dayIn(when.now, when.timeZone);
  const t = workspaceDirectoryAccounts;
  const rows = await db
    .select({ email: t.email, name: shownName, department: members.department, state: t.state, since: t.since })
    .from(t)
    .innerJoin(members, eq(members.email, t.email))
    .leftJoin(users, eq(users.email, t.email))
    .where(
      and(
        inArray(t.state, ['suspended', 'deleted']),
        isNull(members.leftAt),
        email === undefined ? undefined : eq(t.email, email),
      ),
    )
    .orderBy(desc(t.since), asc(t.email));
  return rows.map((r) => {
    const since = r.since ?? when.now;
    const day = dayIn(since, when.timeZone);
    return {
      email: r.email,
      name: r.name === '' ? r.email : r.name,
      department: r.department,
      state: r.state === 'deleted' ? 'deleted' : 'suspended',
      since: since.toISOString(),
      leftOn: day < today ? day : today,
    };
  });
}

/**
 * Active accounts of the domain with neither a member record nor a sign-in, by address.
 * @param db the database
 */
export async function notMembers(db: Database): Promise<NotMember[]> {
  const t = workspaceDirectoryAccounts;
  return db
    .select({ email: t.email, givenName: t.givenName, familyName: t.familyName })
    .from(t)
    .where(
      and(
        eq(t.state, 'active'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(members)
            .where(eq(members.email, t.email)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(eq(users.email, t.email)),
        ),
      ),
    )
    .orderBy(asc(t.email));
}

/**
 * What the reads found, for the admins (docs/product.md#who-left-in-google-workspace).
 * @param db the database
 * @param configured whether a directory is configured
 * @param when the clock's time and the organisation's time zone (see {@link leftInGoogle})
 */
export async function directoryFindings(
  db: Database,
  configured: boolean,
  when: { now: Date; timeZone: string },
): Promise<DirectoryFindings> {
  const [read] = await db.select().from(workspaceDirectoryReads).where(eq(workspaceDirectoryReads.id, READ_ID));
  return {
    configured,
    lastRead:
      read?.finishedAt == null
        ? null
        : { at: read.finishedAt.toISOString(), ok: read.ok, problem: read.problem, accounts: read.accounts },
    leftInGoogle: await leftInGoogle(db, when),
    notMembers: await notMembers(db),
  };
}
