import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { WorkspaceJob } from '../../../shared/workspace-api.js';
import type { Database } from '../../db/client.js';
import { workspaceJobs } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import { PeriodicTimer } from '../../periodic-timer.js';
import { recordAudit } from '../audit/index.js';
import type { MemberWriteActor } from '../members/index.js';
import { WORKSPACE_SCOPES, type WorkspaceConnection, WorkspaceError, workspaceError } from './connection.js';
import { applyGroups, checkGroups, groupsCheckDue, listGroupRules, previewGroups } from './groups.js';

/**
 * Suspending a member's Google Workspace account on their leaving date (docs/product.md#google-workspace-accounts): a
 * job kept in the database, carried out once by whichever app process claims it when it is due, retried with back-off
 * while Google is busy, and shown on the member page with its outcome. It first takes the account out of the groups
 * the mapping names (docs/product.md#google-workspace-groups), then suspends it. Cancelling it before then (the leaving
 * undone) leaves the account as it is.
 */

/** How long a claim holds a job: longer than the client's retries of one request (about 3 s) many times over. */
const CLAIM_SECONDS = 120;

/** Waits between attempts, in minutes; after the last, the job is 'failed'. */
export const RETRY_MINUTES = [1, 5, 30, 120, 480] as const;

type Row = typeof workspaceJobs.$inferSelect;

/** The one kind of job so far. */
const SUSPEND = 'suspend' as const;

const ONE_RETRY = { retryConfig: { retry: 1 } };

/** The job as the member page shows it. */
export function jobView(row: Row): WorkspaceJob {
  return {
    kind: row.kind,
    dueOn: row.dueOn,
    status: row.status,
    attempts: row.attempts,
    outcome: row.outcome,
    doneAt: row.doneAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/**
 * The member's latest suspension job, if any.
 * @param db the database
 * @param email the member's address, lower case
 */
export async function latestSuspension(db: Database, email: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(workspaceJobs)
    .where(and(eq(workspaceJobs.memberEmail, email), eq(workspaceJobs.kind, SUSPEND)))
    .orderBy(desc(workspaceJobs.createdAt), desc(workspaceJobs.id))
    .limit(1);
  return row;
}

/**
 * Plans the suspension of a member's account at the start of `dueOn` in the organisation's time zone (a pending one is
 * moved to the new day), audited as `workspace-account` (reason 'suspension-planned').
 * @param db the database
 * @param input the member, the day, the time zone, who and when
 * @returns the pending job
 */
export async function scheduleSuspension(
  db: Database,
  input: { email: string; dueOn: string; timeZone: string; actor: MemberWriteActor; now: Date },
): Promise<Row> {
  const { email, dueOn, actor, now } = input;
  const due = DateTime.fromISO(dueOn, { zone: input.timeZone }).startOf('day').toJSDate();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workspaceJobs)
      .values({
        memberEmail: email,
        kind: SUSPEND,
        dueOn,
        nextAttemptAt: due,
        requestedBy: actor.actorEmail ?? 'unknown',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [workspaceJobs.memberEmail, workspaceJobs.kind],
        targetWhere: sql`${workspaceJobs.status} = 'pending'`,
        set: { dueOn, nextAttemptAt: due, attempts: 0, outcome: null, updatedAt: now },
      })
      .returning();
    if (row === undefined) throw new Error(`planning the suspension of ${email} stored nothing`);
    await recordAudit(tx, {
      kind: 'workspace-account',
      outcome: 'ok',
      ...actor,
      subject: email,
      reason: 'suspension-planned',
      details: { dueOn },
      at: now,
    });
    return row;
  });
}

/**
 * Cancels the member's pending suspension (the leaving was undone), audited (reason 'suspension-cancelled').
 * @param db the database
 * @param input the member, who and when
 * @returns whether a pending job was cancelled
 * @throws HttpError 409 when the account was suspended already (the job is done: undo it in Google's Admin console)
 */
export async function cancelSuspension(
  db: Database,
  input: { email: string; actor: MemberWriteActor; now: Date },
): Promise<boolean> {
  const { email, actor, now } = input;
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(workspaceJobs)
      .set({ status: 'cancelled', outcome: 'Cancelled: they are still a member.', claimToken: null, updatedAt: now })
      .where(
        and(
          eq(workspaceJobs.memberEmail, email),
          eq(workspaceJobs.kind, SUSPEND),
          eq(workspaceJobs.status, 'pending'),
          sql`(${workspaceJobs.claimedUntil} is null or ${workspaceJobs.claimedUntil} < ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning();
    if (cancelled.length === 0) {
      const latest = await latestSuspension(tx, email);
      if (latest?.status === 'done') {
        throw new HttpError(
          409,
          `The Google account ${email} was suspended already. To let them in again, restore it in Google's Admin console.`,
        );
      }
      if (latest?.status === 'pending') {
        throw new HttpError(
          409,
          `The Google account ${email} is being suspended right now. Reload the page in a minute.`,
        );
      }
      return false;
    }
    await recordAudit(tx, {
      kind: 'workspace-account',
      outcome: 'ok',
      ...actor,
      subject: email,
      reason: 'suspension-cancelled',
      at: now,
    });
    return true;
  });
}

/** What one run of {@link runDueJobs} needs. */
export interface JobDeps {
  db: Database;
  connection: WorkspaceConnection;
  now: Date;
  /** The organisation's time zone (the nightly groups check runs by its clock); default Europe/London. */
  timeZone?: string;
  /** Whether the nightly groups check runs (writing is on); default false. */
  checkGroups?: boolean;
}

/**
 * Claims the jobs that are due and carries each out: the account is looked up first (already suspended: nothing to
 * write; unknown to Google: nothing to suspend), then suspended. The outcome is recorded only while the claim is still
 * this run's (its token), with the audit entry; a failure is retried after {@link RETRY_MINUTES} and ends 'failed'.
 * @param deps the database, the connection and the time
 * @returns how many jobs ended done, were retried, and failed
 */
export async function runDueJobs(deps: JobDeps): Promise<{ done: number; retried: number; failed: number }> {
  const { db, connection, now } = deps;
  const token = randomUUID();
  const claimedUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const claimed = (await db.execute(sql`
    update workspace_jobs set claimed_until = ${claimedUntil.toISOString()}::timestamptz, claim_token = ${token},
      attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from workspace_jobs
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      order by next_attempt_at limit 10 for update skip locked)
    returning id, member_email, attempts`)) as unknown as {
    rows: { id: string; member_email: string; attempts: number }[];
  };
  const counts = { done: 0, retried: 0, failed: 0 };
  const users = connection.directory([WORKSPACE_SCOPES.writeUsers]).users;
  for (const job of claimed.rows) {
    const email = job.member_email;
    let outcome: { status: 'done' | 'pending' | 'failed'; words: string };
    try {
      // One quick retry per request: the job's own back-off (RETRY_MINUTES) does the rest.
      const found = await users.get({ userKey: email, fields: 'id,suspended' }, ONE_RETRY).then(
        (answer) => answer.data,
        (error: unknown) => {
          const failure = workspaceError(error, `looking up ${email}`);
          if (failure.failure === 'not-found') return null;
          throw failure;
        },
      );
      if (found === null) {
        outcome = { status: 'done', words: 'Google Workspace has no account with this address: nothing to suspend.' };
      } else {
        const removed = await leaveGroups(deps, email);
        const groups = removed.length === 0 ? '' : ` Removed from ${removed.join(', ')}.`;
        if (found.suspended === true)
          outcome = { status: 'done', words: `The account was suspended already.${groups}` };
        else {
          await users.update({ userKey: email, requestBody: { suspended: true } }, ONE_RETRY);
          outcome = { status: 'done', words: `Suspended: they can no longer sign in to Google.${groups}` };
        }
      }
    } catch (error) {
      const failure = workspaceError(error, `suspending ${email}`);
      const wait = RETRY_MINUTES[job.attempts - 1];
      const hint =
        failure.failure === 'missing-scope'
          ? ` Google does not give the app the permission it needs: the launch checklist names the scope to add.`
          : '';
      outcome =
        wait === undefined
          ? {
              status: 'failed',
              words: `${failure.message}.${hint} The app stopped trying: suspend the account in Google's Admin console, or press 'Try again'.`,
            }
          : { status: 'pending', words: `${failure.message}.${hint} The app tries again.` };
    }
    const at = now.toISOString();
    const retryAt = new Date(now.getTime() + (RETRY_MINUTES[job.attempts - 1] ?? 0) * 60_000).toISOString();
    await db.transaction(async (tx) => {
      const recorded = (await tx.execute(sql`
        update workspace_jobs set status = ${outcome.status}, outcome = ${outcome.words}, claimed_until = null,
          claim_token = null, updated_at = ${at}::timestamptz,
          done_at = ${outcome.status === 'done' ? at : null}::timestamptz,
          next_attempt_at = case when ${outcome.status} = 'pending' then ${retryAt}::timestamptz else next_attempt_at end
        where id = ${job.id} and claim_token = ${token}
        returning id`)) as unknown as { rows: unknown[] };
      if (recorded.rows.length === 0 || outcome.status === 'pending') return;
      await recordAudit(tx, {
        kind: 'workspace-account',
        outcome: 'ok',
        subject: email,
        reason: outcome.status === 'done' ? 'suspended' : 'suspension-failed',
        details: { outcome: outcome.words, attempts: job.attempts },
        at: now,
      });
    });
    if (outcome.status === 'done') counts.done += 1;
    else if (outcome.status === 'pending') counts.retried += 1;
    else counts.failed += 1;
  }
  return counts;
}

/**
 * Takes a leaver's account out of every group the mapping names that it is in.
 * @returns the groups it was taken out of
 * @throws WorkspaceError when Google refuses one (the job tries again)
 */
async function leaveGroups(deps: JobDeps, email: string): Promise<string[]> {
  const rules = await listGroupRules(deps.db);
  if (rules.length === 0) return [];
  const preview = await previewGroups(deps.connection, rules, { email, roleKey: '', department: '', left: true });
  const done = await applyGroups(deps.db, deps.connection, { email, add: [], remove: preview.remove, now: deps.now });
  const failed = done.failed[0];
  if (failed !== undefined) {
    throw new WorkspaceError(failed.words, failed.failure);
  }
  return done.removed;
}

/**
 * The Workspace jobs of one app process: every `everyMs` it runs {@link runDueJobs}, then the nightly groups check when
 * it is due (groups.ts). Runs never overlap within a process; across processes the claims decide. Nothing lives only
 * in memory: a restart finds the jobs where they stand.
 */
export class WorkspaceWorker {
  private readonly timer = new PeriodicTimer();
  private running: Promise<void> | undefined;

  /**
   * @param deps the database, the connection and the time, made afresh at each run (the clock moves)
   * @param log where failures are logged
   */
  constructor(
    private readonly deps: () => JobDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One run now, or the one in progress. @returns when it is over (failures are logged, never thrown) */
  runNow(): Promise<void> {
    const deps = this.deps();
    this.running ??= runDueJobs(deps)
      .then(async (counts) => {
        if (counts.done + counts.retried + counts.failed > 0) this.log.info(counts, 'workspace: jobs run');
        if (deps.checkGroups === true && (await groupsCheckDue(deps.db, deps.now, deps.timeZone ?? 'Europe/London'))) {
          const report = await checkGroups(deps.db, deps.connection, deps.now);
          this.log.info({ differences: report.differences.length + report.more }, 'workspace: groups checked');
        }
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'workspace: the run failed; the next one tries again'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /**
   * Runs now, then every `everyMs`.
   * @param everyMs milliseconds between runs
   */
  start(everyMs: number): void {
    this.timer.start(everyMs, () => void this.runNow());
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    await this.timer.stop(this.running);
  }
}
