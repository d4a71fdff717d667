import type { StepAdjustmentRule } from '../../shared/adjustments.js';
import type { Person, User } from '../../shared/api.js';
import type { TeamTaskView } from '../../shared/team-tasks-api.js';
import type { ChangeFeed, ChangeHandler } from '../db/change-feed.js';
import type { Change } from '../db/changes.js';
import type { Database } from '../db/client.js';
import { LoadingCache } from '../db/loading-cache.js';
import type { acknowledgments, members, stepItemProgress, stepProgress } from '../db/schema.js';
import { deepFreeze } from '../deep-freeze.js';
import { findSessionWithUser, type SessionRow, type UserRow } from './session-store.js';

/** The most entries each part of the cache keeps (sessions, member records, progress); the oldest goes first. */
export const READ_CACHE_MAX_ENTRIES = 20_000;

/** A session as the cache keeps it: its row, its user, and the user's API shape (docs/architecture.md#sessions). */
export interface CachedSession {
  session: SessionRow;
  user: UserRow;
  /** `toApiUser(user, session.kind === 'development')`. */
  apiUser: User;
}

/** A member record as stored (db/schema.ts `members`). */
export type MemberRow = typeof members.$inferSelect;

/** One completed step: its stable id and when it was first completed. */
export type CompletedStep = Pick<typeof stepProgress.$inferSelect, 'stepId' | 'completedAt'>;

/** One ticked item of one step: the ids and when it was first ticked. */
export type DoneItem = Pick<typeof stepItemProgress.$inferSelect, 'stepId' | 'itemId' | 'doneAt'>;

/** One acknowledgment record as stored (db/schema.ts `acknowledgments`). */
export type AcknowledgmentRow = typeof acknowledgments.$inferSelect;

/**
 * Where the cache reads on a miss: the modules' own queries, which app.ts hands it (read-cache-sources.ts), so that
 * the cache, below the modules, imports none of them (docs/decisions/068-nothing-below-the-modules-imports-them.md).
 * Each takes the database and gives what the module's repository gives.
 */
export interface ReadCacheSources {
  /** The API shape of a session's user (auth `toApiUser`). */
  apiUser(user: UserRow, developmentSession: boolean): User;
  /** The member record of a lower-case address, or undefined (members `getMember`). */
  member(db: Database, email: string): Promise<MemberRow | undefined>;
  /** The per-person adjustments of a lower-case address, oldest first (member-overview). */
  adjustments(db: Database, email: string): Promise<StepAdjustmentRule[]>;
  /** A member's own lead(s) and buddy (members `listPeopleOf`). */
  people(db: Database, member: { email: string; department: string; buddy: string | null }): Promise<Person[]>;
  /**
   * A user's completed steps and ticked items, oldest first, and whether they have acknowledgment records, in one
   * statement (progress `loadProgressOfRecord`).
   */
  progressOfRecord(
    db: Database,
    userId: string,
  ): Promise<{ completed: CompletedStep[]; items: DoneItem[]; hasAcknowledgments: boolean }>;
  /** The team tasks a person does, for "My tasks" (team-tasks `listMyTeamTasks`). */
  myTeamTasks(db: Database, who: { email: string; isAdmin: boolean }, today: string): Promise<TeamTaskView[]>;
  /** A user's acknowledgment records, oldest first (acknowledgments `listAcknowledgmentsOfUser`). */
  acknowledgments(db: Database, userId: string): Promise<AcknowledgmentRow[]>;
}

/** A user's progress of record: every completed step, every ticked item and every acknowledgment record, oldest first. */
export interface UserProgress {
  completed: readonly CompletedStep[];
  items: readonly DoneItem[];
  acknowledgments: readonly AcknowledgmentRow[];
}

/**
 * The read cache of one server process (docs/decisions/008-read-cache.md): sessions by token hash, member records
 * by e-mail, progress by user, and each person's "My tasks", so that a signed-in read in the steady state asks the database nothing. The
 * database stays the source of truth: every write announces what it changed (db/changes.ts), the change feed
 * (db/change-feed.ts) tells this cache, and it forgets the entries concerned. Nothing is kept while the feed is not
 * live (PostgreSQL: the listening connection is down), and everything is forgotten when the feed resets. Cached
 * values are frozen.
 */
export class ReadCache implements ChangeHandler {
  readonly #db: Database;
  readonly #sources: ReadCacheSources;
  readonly #sessions: LoadingCache<string, CachedSession | undefined>;
  readonly #members: LoadingCache<string, MemberRow | null>;
  readonly #adjustments: LoadingCache<string, readonly StepAdjustmentRule[]>;
  readonly #progress: LoadingCache<string, UserProgress>;
  readonly #people: LoadingCache<string, readonly Person[]>;
  readonly #teamTasks: LoadingCache<string, readonly TeamTaskView[]>;

  /**
   * @param db the database read on a miss
   * @param feed the change feed to follow (it must outlive the cache)
   * @param sources the modules' queries it reads on a miss (read-cache-sources.ts)
   * @param maxEntries the most entries of each kind (default {@link READ_CACHE_MAX_ENTRIES})
   */
  constructor(db: Database, feed: ChangeFeed, sources: ReadCacheSources, maxEntries = READ_CACHE_MAX_ENTRIES) {
    this.#db = db;
    this.#sources = sources;
    const isLive = () => feed.live;
    // Unknown tokens are never kept: anyone can send one.
    this.#sessions = new LoadingCache({ maxEntries, isLive, keeps: (found) => found !== undefined });
    this.#members = new LoadingCache({ maxEntries, isLive });
    this.#adjustments = new LoadingCache({ maxEntries, isLive });
    this.#progress = new LoadingCache({ maxEntries, isLive });
    this.#people = new LoadingCache({ maxEntries, isLive });
    this.#teamTasks = new LoadingCache({ maxEntries, isLive });
    feed.subscribe(this);
  }

  /**
   * The session of a token hash with its user (expired or not: the caller decides).
   * @param options.fresh read the database whatever is kept (e.g. before calling a kept session expired)
   * @returns undefined when there is no such session
   */
  session(tokenHash: string, options: { fresh?: boolean } = {}): Promise<CachedSession | undefined> {
    const load = async (hash: string): Promise<CachedSession | undefined> => {
      const found = await findSessionWithUser(this.#db, hash);
      if (!found) return undefined;
      return deepFreeze({ ...found, apiUser: this.#sources.apiUser(found.user, found.session.kind === 'development') });
    };
    return options.fresh === true ? this.#sessions.refresh(tokenHash, load) : this.#sessions.get(tokenHash, load);
  }

  /** This process wrote a session's activity (session-store.ts `touchSession`): keep the new times. */
  sessionTouched(
    tokenHash: string,
    kept: CachedSession,
    times: Pick<SessionRow, 'lastSeenAt' | 'idleExpiresAt'> & Partial<Pick<SessionRow, 'ipAddress'>>,
  ): void {
    this.#sessions.replace(tokenHash, deepFreeze({ ...kept, session: { ...kept.session, ...times } }));
  }

  /** Forgets one session (e.g. a write about it failed, so what is kept may not be what is stored). */
  forgetSession(tokenHash: string): void {
    this.#sessions.delete(tokenHash);
  }

  /**
   * The member record of an e-mail address.
   * @param email any case
   * @returns the record, or null when there is none
   */
  member(email: string): Promise<MemberRow | null> {
    return this.#members.get(email.toLowerCase(), async (key) =>
      deepFreeze((await this.#sources.member(this.#db, key)) ?? null),
    );
  }

  /**
   * The per-person adjustments of an e-mail address (docs/product.md#per-person-adjustments), oldest first; the same
   * frozen array until they change (their writes announce a `member` change).
   * @param email any case
   */
  adjustments(email: string): Promise<readonly StepAdjustmentRule[]> {
    return this.#adjustments.get(email.toLowerCase(), async (key) =>
      deepFreeze(await this.#sources.adjustments(this.#db, key)),
    );
  }

  /**
   * A member's own lead(s) and buddy (docs/product.md#your-people; members' `listPeopleOf`): the same
   * frozen array until a member record or a user changes (any of them may be one of these people). Nobody: one shared
   * empty array.
   * @param member the member's address (any case), their department as decided for them, their buddy (null: none)
   */
  people(member: { email: string; department: string; buddy: string | null }): Promise<readonly Person[]> {
    const key = `${member.email}\n${member.department.trim()}\n${member.buddy ?? ''}`.toLowerCase();
    return this.#people.get(key, async () => {
      const people = await this.#sources.people(this.#db, member);
      return people.length === 0 ? NO_PEOPLE : deepFreeze(people);
    });
  }

  /** A user's completed steps, ticked items and acknowledgment records, of every role. */
  progress(userId: string): Promise<UserProgress> {
    return this.#progress.get(userId, async (id) => {
      const { completed, items, hasAcknowledgments } = await this.#sources.progressOfRecord(this.#db, id);
      // Most members have no acknowledgment record (only agreements make them): no statement for those.
      const acknowledgments = hasAcknowledgments ? await this.#sources.acknowledgments(this.#db, id) : [];
      return deepFreeze({ completed, items, acknowledgments });
    });
  }

  /**
   * The team tasks a person does ("My tasks", docs/product.md#team-tasks), as team-tasks' `listMyTeamTasks` gives
   * them: the same frozen array until any team task changes (the database announces every write of the table), or a
   * user or member record does (the newcomers' names), or the day does.
   * @param who the person's lower-case address and whether they are an admin
   * @param today YYYY-MM-DD in the organisation's time zone (what is overdue)
   */
  myTeamTasks(who: { email: string; isAdmin: boolean }, today: string): Promise<readonly TeamTaskView[]> {
    const key = `${who.email.toLowerCase()}\n${who.isAdmin}\n${today}`;
    return this.#teamTasks.get(key, async () =>
      deepFreeze(await this.#sources.myTeamTasks(this.#db, { ...who, email: who.email.toLowerCase() }, today)),
    );
  }

  /** How many entries are kept, per kind (for tests and diagnostics). */
  get sizes(): { sessions: number; members: number; progress: number } {
    return { sessions: this.#sessions.size, members: this.#members.size, progress: this.#progress.size };
  }

  /** Forgets what a change makes out of date (a ChangeHandler of the feed). */
  change(change: Change): void {
    switch (change.kind) {
      case 'session':
        this.#sessions.delete(change.tokenHash);
        return;
      case 'user':
        this.#sessions.deleteWhere((kept) => kept?.user.id === change.userId);
        // A name or picture may have changed; whose people (or whose tasks' newcomer) they are is not known here.
        this.#people.clear();
        this.#teamTasks.clear();
        return;
      case 'signed-in':
        this.#sessions.deleteWhere((kept) => kept?.user.id === change.userId);
        // Their name and picture show only where they are one of the people, or a task's newcomer.
        this.#people.deleteWhere((people) => people.some((person) => person.email === change.email));
        this.#teamTasks.deleteWhere((tasks) => tasks.some((task) => task.newcomer.email === change.email));
        return;
      case 'member':
        this.#members.delete(change.email);
        this.#adjustments.delete(change.email);
        this.#people.clear();
        this.#teamTasks.clear();
        return;
      case 'members':
        this.#members.clear();
        this.#adjustments.clear();
        this.#people.clear();
        this.#teamTasks.clear();
        return;
      case 'team-tasks':
        this.#teamTasks.clear();
        return;
      case 'progress':
        this.#progress.delete(change.userId);
        return;
      case 'step-completed':
        this.#progress.update(change.userId, (kept) => withCompletion(kept, change.stepId, change.completedAt));
        return;
      case 'step-uncompleted':
        this.#progress.update(change.userId, (kept) => withoutCompletion(kept, change.stepId, change.withItems));
        return;
      case 'content':
        // Role lookups are kept per catalog (content/resolved-roles.ts); a new version is a new catalog.
        return;
      case 'everything':
        this.reset();
        return;
    }
  }

  /** Forgets everything (a ChangeHandler of the feed: it lost or regained its connection). */
  reset(): void {
    this.#sessions.clear();
    this.#members.clear();
    this.#adjustments.clear();
    this.#progress.clear();
    this.#people.clear();
    this.#teamTasks.clear();
  }
}

/**
 * A kept progress with one more completion, in the order of a fresh read (oldest first, then by step id), so that
 * a member's own step does not cost a read of their whole progress (docs/decisions/008-read-cache.md).
 * @returns the new frozen progress; the same one when the step is kept as completed already; undefined (forget it)
 *   when another completion has the same time, whose order against this one only the database's collation decides
 */
export function withCompletion(kept: UserProgress, stepId: string, completedAt: Date): UserProgress | undefined {
  if (kept.completed.some((c) => c.stepId === stepId)) return kept;
  const at = completedAt.getTime();
  if (kept.completed.some((c) => c.completedAt.getTime() === at)) return undefined;
  const completed = [...kept.completed];
  const before = completed.findIndex((c) => c.completedAt.getTime() > at);
  completed.splice(before === -1 ? completed.length : before, 0, { stepId, completedAt });
  return deepFreeze({ ...kept, completed });
}

/**
 * A kept progress without one step's completion, and without its ticked items when they were unticked too.
 * @returns the new frozen progress
 */
export function withoutCompletion(kept: UserProgress, stepId: string, withItems: boolean): UserProgress {
  return deepFreeze({
    ...kept,
    completed: kept.completed.filter((c) => c.stepId !== stepId),
    items: withItems ? kept.items.filter((i) => i.stepId !== stepId) : kept.items,
  });
}

/** The people of a member who has none (one frozen array, so that answers that carry it can be kept). */
export const NO_PEOPLE: readonly Person[] = deepFreeze<Person[]>([]);
