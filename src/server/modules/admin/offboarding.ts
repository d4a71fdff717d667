import { sql } from 'drizzle-orm';
import type { RevealedSecret } from '../../../shared/admin-api.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';

/**
 * Offboarding (docs/decisions/020-people-and-permissions.md): which shared passwords a person ever revealed, from the
 * audit log, and whether each was changed since.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * The titles of the steps that show each shared password, by its name ('FINANCE_PASS' → ['Finance profile']).
 * @param catalog all role configurations
 */
export function secretStepTitles(catalog: RoleCatalog): Map<string, string[]> {
  const titles = new Map<string, string[]>();
  for (const config of catalog.values()) {
    for (const scope of config.scopes) {
      for (const step of scope.steps) {
        if (step.envVariable === undefined) continue;
        const list = titles.get(step.envVariable.name) ?? [];
        if (!list.includes(step.title)) list.push(step.title);
        titles.set(step.envVariable.name, list);
      }
    }
  }
  return titles;
}

/**
 * Every shared password a person revealed (allowed 'secret-reveal' audit entries), with how often and when last, and
 * the first 'secret-rotated' entry written after that last reveal. The person is their user (by id, so a recycled address's
 * new owner is not mixed in), or, for entries without a user, their address.
 * @param db the database
 * @param catalog for the step titles
 * @param email the person's address (lower case)
 * @returns one item per password, by name
 */
export async function listRevealedSecrets(
  db: Database,
  catalog: RoleCatalog,
  email: string,
): Promise<RevealedSecret[]> {
  const rows = rowsOf(
    await db.execute(sql`
      with mine as (
        select subject, count(*)::int as reveals, max(at) as last_revealed_at, max(seq) as last_seq
        from audit_log
        where kind = 'secret-reveal' and outcome = 'allowed' and subject is not null
          and (actor_user_id in (select id from users where email = ${email})
            or (actor_user_id is null and actor_email = ${email}))
        group by subject
      )
      select m.subject, m.reveals, m.last_revealed_at,
        -- Written after the last reveal (in the log's order, whatever the clocks said).
        (select r.at from audit_log r
          where r.kind = 'secret-rotated' and r.subject = m.subject and r.seq > m.last_seq
          order by r.seq limit 1) as rotated_at
      from mine m order by m.subject`),
  );
  const titles = secretStepTitles(catalog);
  return rows.map((r) => ({
    name: String(r.subject),
    steps: titles.get(String(r.subject)) ?? [],
    reveals: Number(r.reveals),
    lastRevealedAt: iso(r.last_revealed_at),
    rotatedAt: r.rotated_at === null || r.rotated_at === undefined ? null : iso(r.rotated_at),
  }));
}
