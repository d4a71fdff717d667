import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { WorkspaceAccount } from '../../../shared/workspace-api.js';
import type { Database } from '../../db/client.js';
import { workspaceAccounts } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import { recordAudit } from '../audit/index.js';
import type { MemberWriteActor } from '../members/index.js';
import { markTeamTaskDone } from '../team-tasks/index.js';
import { WORKSPACE_SCOPES, type WorkspaceConnection, type WorkspaceError, workspaceError } from './connection.js';

/**
 * Creating a member's Google Workspace account (docs/product.md#google-workspace-accounts), exactly once. The state is
 * a row of `workspace_accounts` per member address: a request claims it for a minute (a doubled click finds it held
 * and is answered 409), looks the address up in Google first, creates the user with a temporary password that must be
 * changed at the first sign-in, and records the outcome with the team task and the audit entry in one transaction. A
 * request that dies half-way leaves the claim to lapse; the next one finds the user it may have created (its
 * `insert_sent`) and gives it a new temporary password instead of creating another.
 */

/** The team task of the content that the creation does (content/roles/volunteer.yaml). */
export const CREATE_ACCOUNT_TASK_ID = 'create-google-account';

/** How long one request holds the creation. */
const CLAIM_SECONDS = 60;

/** The characters of a temporary password: no look-alikes (0/O, 1/l/I), readable aloud. */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A temporary password: 16 characters of {@link PASSWORD_ALPHABET} in groups of four (about 93 bits), within Google's
 * rules (8 to 100 characters).
 * @returns e.g. `hT4k-9wQz-Rm3b-Xe7p`
 */
export function temporaryPassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

type Row = typeof workspaceAccounts.$inferSelect;

/** The account as the API shows it. */
export function accountView(row: Row): WorkspaceAccount {
  return {
    state: row.state,
    primaryEmail: row.memberEmail,
    givenName: row.givenName,
    familyName: row.familyName,
    orgUnitPath: row.orgUnitPath,
    passwordDelivery: row.passwordDelivery,
    lastError: row.lastError,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The account row of a member, if the app ever tried to create one.
 * @param db the database
 * @param email the member's address, lower case
 */
export async function getAccount(db: Database, email: string): Promise<Row | undefined> {
  const [row] = await db.select().from(workspaceAccounts).where(eq(workspaceAccounts.memberEmail, email));
  return row;
}

/**
 * Whether an address is free in Google Workspace.
 * @param connection the Workspace connection
 * @param email the address
 * @returns 'free' (Google does not know it), 'taken', or 'unknown' when Google could not be asked
 */
export async function addressState(
  connection: WorkspaceConnection,
  email: string,
): Promise<'free' | 'taken' | 'unknown'> {
  try {
    await connection
      .directory([WORKSPACE_SCOPES.readUsers])
      .users.get({ userKey: email, fields: 'id' }, { retryConfig: { retry: 1 } });
    return 'taken';
  } catch (error) {
    return workspaceError(error, 'looking the address up').failure === 'not-found' ? 'free' : 'unknown';
  }
}

/** What {@link createAccount} needs. */
export interface CreateAccountInput {
  db: Database;
  connection: WorkspaceConnection;
  /** The member's address, lower case: the account's primary address. */
  email: string;
  givenName: string;
  familyName: string;
  orgUnitPath: string;
  actor: MemberWriteActor;
  now: Date;
  /**
   * Sends the temporary password on its way in the transaction that records the account (so it is planned exactly
   * when the account is recorded), or says it is to be shown: 'private-email' or 'shown'. Default: shown.
   */
  deliver?: (tx: Database, password: string, attempt: number) => Promise<'private-email' | 'shown'>;
}

/** The HTTP answer of a failure: the message says what to do. */
function refusal(failure: WorkspaceError): HttpError {
  switch (failure.failure) {
    case 'unavailable':
      return new HttpError(
        503,
        'Google Workspace is busy or cannot be reached right now. Try again in a few minutes: the app never creates the account twice.',
      );
    case 'duplicate':
      return new HttpError(
        409,
        'This address was just taken in Google Workspace by an account the app did not create. Reload the page to see it.',
      );
    case 'missing-scope':
      return new HttpError(
        502,
        `Google does not let the app create accounts yet: a Workspace administrator has to give the app the permission ${WORKSPACE_SCOPES.writeUsers} (the launch checklist says how).`,
      );
    default:
      return new HttpError(502, `Google Workspace refused to create the account: ${failure.message}.`);
  }
}

/**
 * Creates the member's Google Workspace account, once (see the module comment).
 * @param input the member, the names, the org unit, who asks and when
 * @returns the recorded account and the temporary password (for the caller to deliver, never stored)
 * @throws HttpError 409 when the account was created already, is being created, or the address is someone else's in
 *   Google Workspace; 503 / 502 when Google is unavailable or refuses (the row is 'failed' with Google's words)
 */
export async function createAccount(input: CreateAccountInput): Promise<{ row: Row; password: string }> {
  const { db, connection, email, actor, now } = input;
  const claimedUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const claimed = await db
    .insert(workspaceAccounts)
    .values({
      memberEmail: email,
      state: 'creating',
      givenName: input.givenName,
      familyName: input.familyName,
      orgUnitPath: input.orgUnitPath,
      attempts: 1,
      claimedUntil,
      requestedBy: actor.actorEmail ?? 'unknown',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: workspaceAccounts.memberEmail,
      set: {
        state: 'creating',
        givenName: input.givenName,
        familyName: input.familyName,
        orgUnitPath: input.orgUnitPath,
        attempts: sql`${workspaceAccounts.attempts} + 1`,
        claimedUntil,
        requestedBy: actor.actorEmail ?? 'unknown',
        lastError: null,
        updatedAt: now,
      },
      setWhere: sql`${workspaceAccounts.state} <> 'created' and (${workspaceAccounts.claimedUntil} is null or ${workspaceAccounts.claimedUntil} < ${now.toISOString()}::timestamptz)`,
    })
    .returning();
  const row = claimed[0];
  if (row === undefined) {
    const existing = await getAccount(db, email);
    throw new HttpError(
      409,
      existing?.state === 'created'
        ? `The Google Workspace account ${email} was created already.`
        : `The Google Workspace account ${email} is being created right now. Wait a moment, then reload the page.`,
    );
  }

  const users = connection.directory([WORKSPACE_SCOPES.writeUsers]).users;
  const password = temporaryPassword();
  const fail = async (failure: WorkspaceError, words = failure.message): Promise<never> => {
    // A duplicate at the insert is someone else's account, made since the look-up: not one of ours to take over.
    const insertSent = failure.failure === 'duplicate' ? { insertSent: false } : {};
    await db
      .update(workspaceAccounts)
      .set({ state: 'failed', claimedUntil: null, lastError: words, updatedAt: now, ...insertSent })
      .where(eq(workspaceAccounts.memberEmail, email));
    throw refusal(failure);
  };
  let googleId: string | undefined;
  try {
    const found = await users.get({ userKey: email, fields: 'id' }).then(
      (answer) => answer.data,
      (error: unknown) => {
        const failure = workspaceError(error, `looking up ${email}`);
        if (failure.failure === 'not-found') return null;
        throw failure;
      },
    );
    if (found !== null && !row.insertSent) {
      await db
        .update(workspaceAccounts)
        .set({ state: 'failed', claimedUntil: null, lastError: 'taken', updatedAt: now })
        .where(eq(workspaceAccounts.memberEmail, email));
      throw new HttpError(
        409,
        `${email} already has an account in Google Workspace that the app did not create. If it is this member's, mark the team task done by hand; if not, invite them with another address.`,
      );
    }
    if (found !== null) {
      // Ours, from an attempt that stopped before it was recorded: a new temporary password, not a second account.
      const updated = await users.update({
        userKey: email,
        requestBody: { password, changePasswordAtNextLogin: true, orgUnitPath: input.orgUnitPath },
      });
      googleId = updated.data.id ?? found.id ?? undefined;
    } else {
      await db.update(workspaceAccounts).set({ insertSent: true }).where(eq(workspaceAccounts.memberEmail, email));
      const created = await users.insert({
        requestBody: {
          primaryEmail: email,
          name: { givenName: input.givenName, familyName: input.familyName },
          password,
          changePasswordAtNextLogin: true,
          orgUnitPath: input.orgUnitPath,
        },
      });
      googleId = created.data.id ?? undefined;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const failure = workspaceError(error, `creating ${email}`);
    if (failure.failure === 'duplicate') {
      return fail(failure, 'taken');
    }
    return fail(failure);
  }
  const recorded = await db.transaction(async (tx) => {
    const delivery = input.deliver ? await input.deliver(tx, password, row.attempts) : 'shown';
    const [done] = await tx
      .update(workspaceAccounts)
      .set({
        state: 'created',
        googleId: googleId ?? null,
        claimedUntil: null,
        lastError: null,
        passwordDelivery: delivery,
        updatedAt: now,
      })
      .where(eq(workspaceAccounts.memberEmail, email))
      .returning();
    await markTeamTaskDone(
      tx,
      { newcomerEmail: email, taskId: CREATE_ACCOUNT_TASK_ID },
      `Created ${email} in Google Workspace (${input.orgUnitPath}) with the app. ${
        delivery === 'private-email'
          ? 'The temporary password went to their private e-mail address.'
          : 'The temporary password was shown once to the admin who created it.'
      }`,
      actor,
      now,
    );
    await recordAudit(tx, {
      kind: 'workspace-account',
      outcome: 'ok',
      ...actor,
      subject: email,
      reason: 'created',
      details: { orgUnitPath: input.orgUnitPath, attempts: row.attempts, passwordDelivery: delivery },
      at: now,
    });
    return done;
  });
  if (recorded === undefined) throw new Error(`the workspace account row of ${email} disappeared`);
  return { row: recorded, password };
}
