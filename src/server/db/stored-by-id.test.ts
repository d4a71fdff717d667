import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';
import {
  STORED_BY_ADDRESS,
  STORED_BY_QUESTION_ID,
  STORED_BY_ROLE_KEY,
  STORED_BY_STEP_ID,
  STORED_BY_USER_ID,
  type Stored,
} from './stored-by-id.js';

/**
 * A rename moves everything stored under the old id (docs/decisions/056-renaming-keeps-progress.md), the sweep after
 * leaving deletes a leaver's answers table by table, and a recycled address moves what is the former person's
 * (docs/decisions/035-a-person-is-their-user-id.md), all from one description: a table added with a step id, a question
 * id, a role, a user id or an address column must be added to stored-by-id.ts, or this fails. The columns are read from
 * the drizzle schema, every table of it.
 */

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** "table.column" of every column of the schema whose SQL name is one of `names` (or passes `test`). */
const columnsNamed = (names: readonly string[], test: (name: string) => boolean = () => false) =>
  tables.flatMap((table) =>
    Object.values(getTableColumns(table))
      .filter((column) => names.includes(column.name) || test(column.name))
      .map((column) => `${getTableName(table)}.${column.name}`),
  );

const listed = (stored: readonly Stored[]) =>
  stored.map(({ table, column }) => {
    expect(Object.values(getTableColumns(table))).toContain(column);
    return `${getTableName(table)}.${column.name}`;
  });

describe('what is stored by a content id', () => {
  it('reads the schema', () => {
    expect(tables.length).toBeGreaterThan(20);
  });

  it('lists every table with a step id, and nothing else', () => {
    expect(listed(STORED_BY_STEP_ID).sort()).toEqual(columnsNamed(['step_id']).sort());
  });

  it("lists every table with a role key (a member's or user's role text, a team task's role), and nothing else", () => {
    expect(listed(STORED_BY_ROLE_KEY).sort()).toEqual(columnsNamed(['role', 'role_key']).sort());
  });

  it("lists every table with a question's id (a question's column, a JSON of answers), and nothing else", () => {
    const answers = tables.flatMap((table) =>
      Object.values(getTableColumns(table))
        .filter((column) => column.name === 'answers' && column.getSQLType() === 'jsonb')
        .map((column) => `${getTableName(table)}.${column.name}`),
    );
    const listedQuestions = STORED_BY_QUESTION_ID.map(({ table, step, column }) => {
      expect(Object.values(getTableColumns(table))).toEqual(expect.arrayContaining([step, column]));
      return `${getTableName(table)}.${column.name}`;
    });
    expect(listedQuestions.sort()).toEqual([...columnsNamed(['field_id', 'question_id']), ...answers].sort());
  });

  it("says what becomes of a leaver's rows: a table whose rows go is deleted by its user id", () => {
    for (const { table, afterLeaving } of STORED_BY_STEP_ID) {
      if ('keep' in afterLeaving) expect(afterLeaving.keep).not.toBe('');
      else expect(afterLeaving.deleteBy).toBe(getTableColumns(table).userId);
    }
    expect(STORED_BY_STEP_ID.filter((s) => 'deleteBy' in s.afterLeaving).map((s) => s.name)).toEqual(
      expect.arrayContaining(['formAnswers', 'formFiles', 'quizTries']),
    );
  });

  it("lists every table with a user id and what becomes of a leaver's rows, and nothing else", () => {
    const withStep = STORED_BY_STEP_ID.flatMap(({ table }) => {
      const userId = getTableColumns(table).userId;
      return userId === undefined ? [] : [`${getTableName(table)}.${userId.name}`];
    });
    expect([...withStep, ...listed(STORED_BY_USER_ID)].sort()).toEqual(
      columnsNamed(['user_id'], (name) => name.endsWith('_user_id')).sort(),
    );
    for (const { table, column, afterLeaving } of STORED_BY_USER_ID) {
      if ('keep' in afterLeaving) expect(afterLeaving.keep).not.toBe('');
      else expect([afterLeaving.deleteBy, table]).toEqual([column, table]);
    }
  });

  it('lists every address column and what a recycled address does with it, and nothing else', () => {
    const addresses = columnsNamed(['email', 'recipient'], (name) => name.endsWith('_email') || name.endsWith('_by'));
    expect(listed(STORED_BY_ADDRESS).sort()).toEqual(addresses.sort());
    // The person themselves moves first: the rows that name them after it.
    expect(STORED_BY_ADDRESS.slice(0, 2).map((s) => s.name)).toEqual(['users', 'members']);
    for (const { onRecycle } of STORED_BY_ADDRESS) if ('keep' in onRecycle) expect(onRecycle.keep).not.toBe('');
  });

  it('names each entry once', () => {
    for (const stored of [
      STORED_BY_STEP_ID,
      STORED_BY_ROLE_KEY,
      STORED_BY_QUESTION_ID,
      STORED_BY_USER_ID,
      STORED_BY_ADDRESS,
    ]) {
      expect(new Set(stored.map((s) => s.name)).size).toBe(stored.length);
    }
  });
});
