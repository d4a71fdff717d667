import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The database schema (DESIGN.md §3 "Server of record"). Change it, then run `npm run db:generate` and commit the
 * migration it writes under `src/server/db/migrations/`.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person who signed in (SPEC §3 "Signed-in user"). `email` is stored in lower case and identifies the person. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    picture: text('picture'),
    role: text('role').notNull().default('volunteer'),
    department: text('department').notNull().default('Operations'),
    workspaceId: text('workspace_id').notNull(),
    isDevelopmentUser: boolean('is_development_user').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/** A signed-in session. Only the HMAC of the token is stored, so a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['development', 'google'] }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: timestamptz('idle_expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), check('sessions_kind', sql`${t.kind} in ('development', 'google')`)],
);

/** One completed step of one user, by the step's stable id (DESIGN.md §3 "Progress"). Absent = not completed. */
export const stepProgress = pgTable(
  'step_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    completedAt: timestamptz('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] })],
);
