import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { RoleConfiguration } from '../../../shared/content-schema.js';
import type { Database } from '../../db/client.js';
import { members, users } from '../../db/schema.js';
import { PeriodicTimer } from '../../periodic-timer.js';
import { STORED_BY_STEP_ID, STORED_BY_USER_ID } from '../../db/stored-by-id.js';
import { recordAudit } from '../audit/index.js';
import { clearPrivateEmailsAfterLeaving } from '../members/index.js';
import { deleteUnheldFiles } from './form-files.js';
import { sweepDueRetakes } from './retake.js';
import { deleteExpiredSendKeys } from './send-keys.js';

/** A day in milliseconds. */
const DAY_MS = 86_400_000;

/** How long a file no stored answer holds (uploaded and never saved, or replaced) is kept: one day. */
export const UNHELD_FILE_KEEP_MS = DAY_MS;

/**
 * Deletes the form answers (drafts and every sending), their uploaded files, quiz tries, the keys of their sends
 * (send-keys.ts) and their reading and display settings of every member who left the organisation at least
 * `keepDays` days before `now` (ANSWERS_KEEP_DAYS_AFTER_LEAVING; docs/product.md#form-steps), one audit entry
 * 'answers-deleted' per person. A member who rejoined (no `left_at`) keeps theirs. Safe to run from several processes
 * at once: a row is deleted once.
 * @param deps the database, the clock's time and the days answers are kept after leaving
 * @returns how many people's answers were deleted
 */
export async function deleteAnswersAfterLeaving(deps: { db: Database; now: Date; keepDays: number }): Promise<number> {
  const cutoff = new Date(deps.now.getTime() - deps.keepDays * DAY_MS);
  return deps.db.transaction(async (tx) => {
    const left = await tx
      .select({ userId: users.id, email: users.email })
      .from(users)
      .innerJoin(members, eq(members.email, users.email))
      .where(and(isNotNull(members.leftAt), lte(members.leftAt, cutoff)));
    if (left.length === 0) return 0;
    const ids = left.map((l) => l.userId);
    // Every table stored by a step id or a user id says what becomes of a leaver's rows (db/stored-by-id.ts): their
    // answers and their reading and display settings go.
    const deleted = new Map<string, unknown[]>();
    for (const stored of [...STORED_BY_STEP_ID, ...STORED_BY_USER_ID]) {
      if (!('deleteBy' in stored.afterLeaving)) continue;
      const by = stored.afterLeaving.deleteBy;
      const rows = await tx.delete(stored.table).where(inArray(by, ids)).returning({ userId: by });
      deleted.set(
        stored.name,
        rows.map((r) => r.userId),
      );
    }
    const countOf = (name: string, userId: string) => (deleted.get(name) ?? []).filter((id) => id === userId).length;
    let people = 0;
    for (const person of left) {
      const answers = countOf('formAnswers', person.userId);
      const quizTriesDeleted = countOf('quizTries', person.userId);
      const filesDeleted = countOf('formFiles', person.userId);
      if (answers + quizTriesDeleted + filesDeleted === 0) continue;
      people += 1;
      await recordAudit(tx, {
        kind: 'answers-deleted',
        outcome: 'ok',
        subject: person.email,
        reason: 'kept-days-after-leaving',
        details: { formVersions: answers, files: filesDeleted, quizTries: quizTriesDeleted, keepDays: deps.keepDays },
        at: deps.now,
      });
    }
    return people;
  });
}

/**
 * The hourly sweep of {@link deleteAnswersAfterLeaving} (and of files no answer holds, expired send keys, and due
 * re-takes, {@link sweepDueRetakes}) in one app process, as the agreement sweep and the mail worker
 * run theirs: a timer that a restart starts again (nothing is lost: the next run finds what is due), runs that never
 * overlap, and `runNow()` for tests with a moved clock.
 */
export class AnswersSweep {
  private readonly timer = new PeriodicTimer();
  private running: Promise<number> = Promise.resolve(0);

  /**
   * @param deps what a run needs, made afresh at each run (the clock moves)
   * @param log where results and failures are logged
   */
  constructor(
    private readonly deps: () => {
      db: Database;
      now: Date;
      keepDays: number;
      /** The running content's role configurations: each run also makes due re-takes not completed (retake.ts). */
      configs?: Iterable<RoleConfiguration>;
      /**
       * Other personal data of members who left, deleted with their answers (another module's: what they did before
       * their first day, docs/product.md#pre-boarding). @returns how many people's rows were deleted
       */
      alsoAfterLeaving?: (deps: { db: Database; now: Date; keepDays: number }) => Promise<number>;
    },
    private readonly log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  ) {}

  /** One run, after the one in progress. @returns how many people's answers were deleted */
  runNow(): Promise<number> {
    this.running = this.running
      .catch(() => 0)
      .then(async () => {
        const deps = this.deps();
        const people = await deleteAnswersAfterLeaving(deps);
        const others = (await deps.alsoAfterLeaving?.(deps)) ?? 0;
        if (others > 0) this.log.info({ people: others }, 'pre-boarding answers of members who left deleted');
        // The private e-mail address goes with the answers (docs/product.md#private-e-mail-address).
        const addresses = await clearPrivateEmailsAfterLeaving(deps);
        if (addresses.length > 0)
          this.log.info({ people: addresses.length }, 'private addresses of members who left deleted');
        // Files uploaded and never saved with answers, or replaced in a draft, go after a day.
        const unheld = await deleteUnheldFiles(deps.db, { before: new Date(deps.now.getTime() - UNHELD_FILE_KEEP_MS) });
        if (unheld > 0) this.log.info({ files: unheld }, 'uploaded files no answer holds deleted');
        // Keys of sends older than a day (send-keys.ts): a send repeated later is a new one.
        await deleteExpiredSendKeys(deps.db, deps.now);
        if (deps.configs !== undefined) {
          const retakes = await sweepDueRetakes({ db: deps.db, configs: deps.configs });
          if (retakes > 0) this.log.info({ retakes }, 'forms and quizzes to answer again: steps made not completed');
        }
        return people;
      });
    return this.running;
  }

  /** Runs now, then every `everyMs` (failures logged, never thrown). */
  start(everyMs: number): void {
    const sweep = () =>
      void this.runNow().then(
        (people) => {
          if (people > 0) this.log.info({ people }, 'answers of members who left deleted');
        },
        (error: unknown) => this.log.error({ err: error }, 'the sweep of answers of members who left failed'),
      );
    this.timer.start(everyMs, sweep);
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    await this.timer.stop(this.running);
  }
}
