import { isNull, sql } from 'drizzle-orm';
import type { RoleConfiguration } from '../../../shared/content-schema.js';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import { createRoleCatalog, resolveRole, RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';
import { decideSecretAccess } from '../../../shared/secret-access.js';
import { teamTasksOfRole } from '../../../shared/team-tasks.js';
import type { Database } from '../../db/client.js';
import { members, users } from '../../db/schema.js';

/**
 * Access as an invariant (docs/security.md#access-is-an-invariant): for every person the server knows, which role their
 * role text resolves to, which shared passwords they may reveal and which roles' newcomers the team tasks that name
 * them are about. A publish or restore computes this map before and after, on the real data, in its transaction; a
 * content editor may publish only what leaves it unchanged, and an admin sees who moves, in words.
 */

/** The people the server knows, as the access map reads them. */
export interface KnownPeople {
  /** Each person (member record not left, else user) by lower-case address, with the role text that decides it. */
  people: ReadonlyMap<string, string>;
  /**
   * Texts that decide the role of people not yet signed in: the departments of members and users (a directory sign-in
   * falls back to the department when the job title matches no role).
   */
  texts: readonly string[];
}

/** What one person (or one role text) has access to under a catalog. */
interface Access {
  /** The role key the text resolves to. */
  role: string;
  /** The names of the shared passwords a Google session of this person may reveal, sorted. */
  passwords: string[];
}

/** One change of access a publish would make, in words, with the people it concerns. */
export interface AccessMove {
  /** A plain sentence, e.g. `3 people would move from Finance to HR: ann@…, bo@…, cy@….` */
  sentence: string;
  /** The addresses (or, for people not yet known, the role texts) it concerns. */
  people: string[];
}

/**
 * Reads who the server knows (docs/security.md#access-is-an-invariant): members not marked as left with their role
 * text, users without a member record with theirs, and the departments of both.
 * @param db the database, or the transaction of a publish (then it reads what the transaction sees)
 * @returns the people by address and the department texts
 */
export async function knownPeople(db: Database): Promise<KnownPeople> {
  const recorded = await db
    .select({ email: members.email, role: members.role, department: members.department })
    .from(members)
    .where(isNull(members.leftAt));
  const unrecorded = await db
    .select({ email: users.email, role: users.role, department: users.department })
    .from(users)
    .where(sql`not exists (select 1 from ${members} where ${members.email} = ${users.email})`);
  const people = new Map<string, string>();
  for (const row of [...recorded, ...unrecorded]) people.set(row.email.toLowerCase(), row.role);
  const texts = [...new Set([...recorded, ...unrecorded].map((r) => r.department))].sort();
  return { people, texts };
}

/**
 * The role texts a catalog itself names: every key, alias and `requiredRole` entry. A person who signs in later with
 * one of these texts is checked as if known (what they could reveal).
 */
function catalogTexts(configs: readonly RoleConfiguration[]): string[] {
  const texts = new Set<string>();
  for (const config of configs) {
    texts.add(config.key);
    for (const alias of config.aliases) texts.add(alias);
    for (const scope of config.scopes)
      for (const step of scope.steps) for (const r of step.envVariable?.requiredRole ?? []) texts.add(r);
  }
  texts.delete('*');
  return [...texts];
}

/** Works out {@link Access} of role texts under one catalog, each text once. */
function accessReader(catalog: RoleCatalog): (text: string) => Access {
  const known = new Map<string, Access>();
  return (text) => {
    const found = known.get(text);
    if (found) return found;
    const lookup = findRoleConfiguration(catalog, text);
    let passwords: string[] = [];
    try {
      const role = resolveRole(catalog, lookup.key);
      const names = new Set<string>();
      for (const step of role.scopes.flatMap((s) => s.steps)) {
        if (!step.envVariable) continue;
        const decision = decideSecretAccess({
          stepRequiredRole: step.envVariable.requiredRole,
          isTestStep: step.envVariable.name === 'TEST_PASS',
          session: 'google',
          memberRoleName: lookup.name,
          inheritedRoleKeys: role.inherits,
          memberRoleText: text,
        });
        if (decision.allowed) names.add(step.envVariable.name);
      }
      passwords = [...names].sort();
    } catch (error) {
      // A role that does not resolve shows nobody anything (the member sees the role configuration error page).
      if (!(error instanceof RoleConfigurationError)) throw error;
    }
    const access = { role: lookup.key, passwords };
    known.set(text, access);
    return access;
  };
}

/** For each address a team task names (`who: { members }`), the keys of the roles whose newcomers it is about. */
function namedInTeamTasks(catalog: RoleCatalog, keyOf: (key: string) => string): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const key of catalog.keys()) {
    for (const task of teamTasksOfRole(catalog, key)) {
      if (typeof task.who !== 'object') continue;
      for (const address of task.who.members) {
        const lower = address.toLowerCase();
        const roles = named.get(lower) ?? new Set<string>();
        roles.add(keyOf(key));
        named.set(lower, roles);
      }
    }
  }
  return named;
}

/** The role text a rename leaves a record with: the new key when the text is exactly the old key. */
export function renamedRoleText(text: string, renames: ReadonlyMap<string, string>): string {
  return renames.get(text) ?? text;
}

/** Up to eight addresses, then how many more. */
function listed(people: readonly string[]): string {
  const shown = people.slice(0, 8).join(', ');
  return people.length > 8 ? `${shown} and ${people.length - 8} more` : shown;
}

const peopleCount = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/** What a publish compares: a catalog and the people as they are on its side of the publish. */
export interface AccessSide {
  configs: readonly RoleConfiguration[];
  known: KnownPeople;
}

/**
 * Who a publish or restore moves (docs/security.md#access-is-an-invariant): compares, for every person the server knows
 * (by address, with their role text before and after the publish, records moved by role renames included), the role
 * they resolve to, the shared passwords they may reveal and the roles whose newcomers the team tasks naming them are
 * about; and, for the role texts of people not yet known (departments, and every key, alias and `requiredRole` entry
 * of either catalog), the shared passwords such a person could newly reveal. A renamed role is the same role.
 * @param before the published catalog and the people before the publish
 * @param after the catalog to publish and the people after it (as the publish's transaction left them)
 * @param roleRenames the role renames of the publish, old key → new key
 * @returns one {@link AccessMove} per kind of change (grouped: who moves from which role to which, who gains or loses
 *   which password, who is named in or dropped from which role's team tasks); empty when access stays as it is
 */
export function accessMoves(
  before: AccessSide,
  after: AccessSide,
  roleRenames: ReadonlyMap<string, string> = new Map(),
): AccessMove[] {
  const catalogBefore = createRoleCatalog(before.configs);
  const catalogAfter = createRoleCatalog(after.configs);
  const was = accessReader(catalogBefore);
  const is = accessReader(catalogAfter);
  const renamed = (key: string) => roleRenames.get(key) ?? key;
  const nameOf = (key: string) =>
    catalogAfter.get(key)?.displayName ?? catalogBefore.get(key)?.displayName ?? `“${key}”`;

  const roleMoves = new Map<string, { from: string; to: string; people: string[] }>();
  const passwordMoves = new Map<string, { name: string; gained: boolean; people: string[]; texts: string[] }>();
  const notePassword = (name: string, gained: boolean, who: { person: string } | { text: string }) => {
    const key = `${gained ? '+' : '-'}${name}`;
    const move = passwordMoves.get(key) ?? { name, gained, people: [], texts: [] };
    if ('person' in who) move.people.push(who.person);
    else move.texts.push(who.text);
    passwordMoves.set(key, move);
  };

  const addresses = [...new Set([...before.known.people.keys(), ...after.known.people.keys()])].sort();
  for (const address of addresses) {
    const textBefore = before.known.people.get(address);
    const textAfter = after.known.people.get(address);
    const a = textBefore === undefined ? undefined : was(textBefore);
    const b = textAfter === undefined ? undefined : is(textAfter);
    const roleA = a === undefined ? undefined : renamed(a.role);
    if (a !== undefined && b !== undefined && roleA !== b.role) {
      const key = `${roleA ?? ''}\u0000${b.role}`;
      const move = roleMoves.get(key) ?? { from: roleA ?? '', to: b.role, people: [] };
      move.people.push(address);
      roleMoves.set(key, move);
    }
    const had = new Set(a?.passwords ?? []);
    const has = new Set(b?.passwords ?? []);
    for (const name of has) if (!had.has(name)) notePassword(name, true, { person: address });
    for (const name of had) if (!has.has(name)) notePassword(name, false, { person: address });
  }

  // People not yet known: what someone signing in with one of these texts could newly reveal.
  const texts = new Set([
    ...before.known.texts,
    ...after.known.texts,
    ...catalogTexts(before.configs),
    ...catalogTexts(after.configs),
  ]);
  for (const text of [...texts].sort()) {
    const had = new Set(was(text).passwords);
    for (const name of is(renamedRoleText(text, roleRenames)).passwords)
      if (!had.has(name)) notePassword(name, true, { text });
  }

  const namedBefore = namedInTeamTasks(catalogBefore, renamed);
  const namedAfter = namedInTeamTasks(catalogAfter, (key) => key);
  const taskMoves: AccessMove[] = [];
  for (const address of [...new Set([...namedBefore.keys(), ...namedAfter.keys()])].sort()) {
    const a = namedBefore.get(address) ?? new Set<string>();
    const b = namedAfter.get(address) ?? new Set<string>();
    const added = [...b].filter((k) => !a.has(k)).sort();
    const dropped = [...a].filter((k) => !b.has(k)).sort();
    const names = (keys: string[]) => keys.map(nameOf).join(', ');
    if (added.length > 0)
      taskMoves.push({
        sentence: `${address} would be named in the team tasks of new ${names(added)} members, and see their names and addresses.`,
        people: [address],
      });
    if (dropped.length > 0)
      taskMoves.push({
        sentence: `${address} would no longer be named in the team tasks of new ${names(dropped)} members.`,
        people: [address],
      });
  }

  const moves: AccessMove[] = [];
  for (const move of roleMoves.values())
    moves.push({
      sentence: `${peopleCount(move.people.length)} would move from ${nameOf(move.from)} to ${nameOf(move.to)}: ${listed(move.people)}.`,
      people: move.people,
    });
  for (const move of passwordMoves.values()) {
    const verb = move.gained ? 'could see' : 'could no longer see';
    if (move.people.length > 0)
      moves.push({
        sentence: `${peopleCount(move.people.length)} ${verb} the shared password ${move.name}: ${listed(move.people)}.`,
        people: move.people,
      });
    if (move.texts.length > 0)
      moves.push({
        sentence: `Anyone whose role is ${move.texts.map((t) => `“${t}”`).join(' or ')} ${verb} the shared password ${move.name}.`,
        people: move.texts,
      });
  }
  return [...moves, ...taskMoves];
}

/**
 * {@link accessMoves} of a publish not yet made: the people as they are now, and after it as its role renames would
 * leave them (records whose role text is exactly an old key take the new key). For the publish dialog, and to refuse a
 * content editor before anything is written; the publish's transaction checks again on the data it moved.
 * @param db the database
 * @param published the published catalog
 * @param next the catalog to publish or restore (renames taken: `renamedFrom` marks removed)
 * @param roleRenames old key → new key of the roles the publish renames
 * @returns the moves, as {@link accessMoves}
 */
export async function accessMovesOfPublish(
  db: Database,
  published: readonly RoleConfiguration[],
  next: readonly RoleConfiguration[],
  roleRenames: ReadonlyMap<string, string>,
): Promise<AccessMove[]> {
  const known = await knownPeople(db);
  const people = new Map([...known.people].map(([address, text]) => [address, renamedRoleText(text, roleRenames)]));
  return accessMoves(
    { configs: published, known },
    { configs: next, known: { people, texts: known.texts } },
    roleRenames,
  );
}
