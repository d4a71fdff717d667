import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './client.js';
import { loadConfig } from '../env.js';
import { postgresFix } from './postgres-fix.js';
import { checkDatabase } from '../modules/doctor/checks.js';

/**
 * docs/operations.md#on-postgresql, step by step against a real PostgreSQL (TEST_DATABASE_URL, the test:db run): for
 * each step left out (no role, a wrong password, no database, a database the role does not own) the doctor names the
 * exact command that makes it, and once that step is made the connection gets further.
 */

const adminUrl = process.env.TEST_DATABASE_URL?.trim();
const suffix = randomBytes(4).toString('hex');
const role = `doctor_${suffix}`;
const database = `doctor_db_${suffix}`;
const password = `right-${suffix}`;

/** DATABASE_URL with this role, password and database on the test server. */
function urlFor(user: string, secret: string, name: string): string {
  const url = new URL(adminUrl ?? 'postgres://localhost/postgres');
  url.username = user;
  url.password = secret;
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the test server's administrator. */
async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const doctorFix = async (url: string) => (await checkDatabase(loadConfig({ DATABASE_URL: url }), 10_000)).fix ?? '';

describe.skipIf(!adminUrl)('the doctor on PostgreSQL names the missing step', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await asAdmin(`DROP DATABASE IF EXISTS ${database}`);
    await asAdmin(`DROP ROLE IF EXISTS ${role}`);
  });
  afterAll(async () => {
    await asAdmin(`DROP DATABASE IF EXISTS ${database}`);
    await asAdmin(`DROP ROLE IF EXISTS ${role}`);
  });

  it('no role, then a wrong password, then no database, then a database the role does not own', async () => {
    expect(await doctorFix(urlFor(role, password, database))).toContain(
      `\`sudo -u postgres createuser --pwprompt ${role}\``,
    );
    await asAdmin(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);

    expect(await doctorFix(urlFor(role, 'wrong', database))).toContain(
      `\`sudo -u postgres psql -c "\\password ${role}"\``,
    );

    expect(await doctorFix(urlFor(role, password, database))).toContain(
      `\`sudo -u postgres createdb --owner ${role} ${database}\``,
    );
    // The database made by someone else, as `createdb onboarding` alone makes it: the role cannot create the tables.
    await asAdmin(`CREATE DATABASE ${database}`);
    const opened = await openDatabase({ url: urlFor(role, password, database) });
    const refused = await migrate(opened).then(
      () => undefined,
      (error: unknown) => error,
    );
    await opened.close();
    expect(postgresFix(refused, urlFor(role, password, database))).toContain(
      `ALTER DATABASE ${database} OWNER TO ${role}`,
    );
    await asAdmin(`ALTER DATABASE ${database} OWNER TO ${role}`);
    const owned = await openDatabase({ url: urlFor(role, password, database) });
    await migrate(owned);
    await owned.close();
    expect((await checkDatabase(loadConfig({ DATABASE_URL: urlFor(role, password, database) }), 10_000)).status).toBe(
      'ok',
    );
  });

  it('nothing listening at the address', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(postgresFix(refused, 'postgres://app:pw@127.0.0.1:1/onboarding')).toContain(
      'Nothing answers at 127.0.0.1:1',
    );
  });
});
