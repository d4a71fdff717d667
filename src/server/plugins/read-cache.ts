import type { StepAdjustmentRule } from '../../shared/adjustments.js';
import type { Person, User } from '../../shared/api.js';
import type { ChangeFeed, ChangeHandler } from '../db/change-feed.js';
import type { Change } from '../db/changes.js';
import type { Database } from '../db/client.js';
import { LoadingCache } from '../db/loading-cache.js';
import { deepFreeze } from '../deep-freeze.js';
import {
  listAcknowledgmentsOfUser,
  type AcknowledgmentRow,
} from '../modules/acknowledgments/acknowledgments.repository.js';
import { findSessionWithUser, type SessionRow } from '../modules/auth/sessions.repository.js';
import { toApiUser, type UserRow } from '../modules/auth/users.repository.js';
import { adjustmentRule, listStepAdjustments } from '../modules/member-overview/adjustments.repository.js';
import { getMember, listPeopleOf, type MemberRow } from '../modules/members/members.repository.js';
import { listCompletedSteps, type CompletedStep } from '../modules/progress/progress.repository.js';
import { listDoneItems, type DoneItem } from '../modules/progress/step-items.repository.js';

/** The most entries each part of the cache keeps (sessions, member records, progress); the oldest goes first. */
export const READ_CACHE_MAX_ENTRIES = 20_000;

/** A session as the cache keeps it: its row, its user, and the user's API shape (docs/architecture.md#sessions). */
export interface CachedSession {
  session: SessionRow;
  user: UserRow;
  /** `toApiUser(user, session.kind === 'development')`. */
  apiUser: User;
}

/** A user's progress of record: every completed step, every ticked item and every acknowledgment record, oldest first. */
export interface UserProgress {
  completed: readonly CompletedStep[];
  items: readonly DoneItem[];
  acknowledgments: readonly AcknowledgmentRow[];
}

/**
 * The read cache of one server process (docs/decisions/008-read-cache.md): sessions by token hash, member records
 * by e-mail, and progress by user, so that a signed-in read in the steady state asks the database nothing. The
 * database stays the source of truth: every write announces what it changed (db/changes.ts), the change feed
 * (db/change-feed.ts) tells this cache, and it forgets the entries concerned. Nothing is kept while the feed is not
 * live (PostgreSQL: the listening connection is down), and everything is forgotten when the feed resets. Cached
 * values are frozen.
 */
export class ReadCache implements ChangeHandler {
  readonly #db: Database;
  readonly #sessions: LoadingCache<string, CachedSession | undefined>;
  readonly #members: LoadingCache<string, MemberRow | null>;
  readonly #adjustments: LoadingCache<string, readonly StepAdjustmentRule[]>;
  readonly #progress: LoadingCache<string, UserProgress>;
  readonly #people: LoadingCache<string, readonly Person[]>;

  /**
   * @param db the database read on a miss
   * @param feed the change feed to follow (it must outlive the cache)
   * @param maxEntries the most entries of each kind (default {@link READ_CACHE_MAX_ENTRIES})
   */
  constructor(db: Database, feed: ChangeFeed, maxEntries = READ_CACHE_MAX_ENTRIES) {
    this.#db = db;
    const isLive = () => feed.live;
    // Unknown tokens are never kept: anyone can send one.
    this.#sessions = new LoadingCache({ maxEntries, isLive, keeps: (found) => found !== undefined });
    this.#members = new LoadingCache({ maxEntries, isLive });
    this.#adjustments = new LoadingCache({ maxEntries, isLive });
    this.#progress = new LoadingCache({ maxEntries, isLive });
    this.#people = new LoadingCache({ maxEntries, isLive });
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
      return deepFreeze({ ...found, apiUser: toApiUser(found.user, found.session.kind === 'development') });
    };
    return options.fresh === true ? this.#sessions.refresh(tokenHash, load) : this.#sessions.get(tokenHash, load);
  }

  /** This process wrote a session's activity (sessions.repository.ts `touchSession`): keep the new times. */
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
    return this.#members.get(email.toLowerCase(), async (key) => deepFreeze((await getMember(this.#db, key)) ?? null));
  }

  /**
   * The per-person adjustments of an e-mail address (docs/product.md#per-person-adjustments), oldest first; the same
   * frozen array until they change (their writes announce a `member` change).
   * @param email any case
   */
  adjustments(email: string): Promise<readonly StepAdjustmentRule[]> {
    return this.#adjustments.get(email.toLowerCase(), async (key) =>
      deepFreeze((await listStepAdjustments(this.#db, key)).map(adjustmentRule)),
    );
  }

  /**
   * A member's own lead(s) and buddy (docs/product.md#your-people; members.repository.ts `listPeopleOf`): the same
   * frozen array until a member record or a user changes (any of them may be one of these people). Nobody: one shared
   * empty array.
   * @param member the member's address (any case), their department as decided for them, their buddy (null: none)
   */
  people(member: { email: string; department: string; buddy: string | null }): Promise<readonly Person[]> {
    const key = [member.email, member.department.trim(), member.buddy ?? ''].map((v) => v.toLowerCase()).join('\n');
    return this.#people.get(key, async () => {
      const people = await listPeopleOf(this.#db, member);
      return people.length === 0 ? NO_PEOPLE : deepFreeze(people);
    });
  }

  /** A user's completed steps, ticked items and acknowledgment records, of every role. */
  progress(userId: string): Promise<UserProgress> {
    return this.#progress.get(userId, async (id) => {
      const [completed, items, acknowledgments] = await Promise.all([
        listCompletedSteps(this.#db, id),
        listDoneItems(this.#db, id),
        listAcknowledgmentsOfUser(this.#db, id),
      ]);
      return deepFreeze({ completed, items, acknowledgments });
    });
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
        // A name or picture may have changed; whose people they are is not known here.
        this.#people.clear();
        return;
      case 'member':
        this.#members.delete(change.email);
        this.#adjustments.delete(change.email);
        this.#people.clear();
        return;
      case 'members':
        this.#members.clear();
        this.#adjustments.clear();
        this.#people.clear();
        return;
      case 'progress':
        this.#progress.delete(change.userId);
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
  }
}

/** The people of a member who has none (one frozen array, so that answers that carry it can be kept). */
export const NO_PEOPLE: readonly Person[] = deepFreeze<Person[]>([]);
