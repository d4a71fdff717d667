import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleConfigurationSchema, type RoleConfiguration } from '../../shared/content-schema.js';
import { findRoleConfiguration } from '../../shared/role-lookup.js';
import { changeRoleKeyAt, createRoleCatalog, resolveRole, type RoleCatalog } from '../../shared/roles.js';
import { decideSecretAccess } from '../../shared/secret-access.js';
import type { StudioState } from '../../shared/studio-api.js';
import { teamTasksOfRole } from '../../shared/team-tasks.js';
import { upsertMember } from '../modules/members/members.repository.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../test/test-app.js';

/**
 * The access invariant as a property (docs/security.md#access-is-an-invariant): over random catalogues, random member
 * role texts and a random edit by a content editor (a rename of a role's key, an alias, an include, an inheritance, a
 * shared password's `requiredRole`, the people a team task names, a display name), every edit the server lets the
 * editor publish leaves, for every person, the role they resolve to, the shared passwords they may reveal and the roles
 * whose newcomers' team tasks name them as they were (a renamed role is the same role). The map is worked out here from
 * the database and the published catalog, with the app's own lookup and password rule, not with the server's check.
 */

const ADMIN = 'ada@inspired2uplift.org';
const EDITOR = 'eddie@inspired2uplift.org';
const KEYS = ['volunteer', 'finance', 'hr', 'design team'] as const;
/** Phrases for aliases, member role texts, `requiredRole` entries and new keys. */
const PHRASES = [
  'director of finance',
  'director of finance and operations',
  'treasurer',
  'people lead',
  'people',
  'hr',
  'finance',
  'designer',
  'senior designer',
] as const;
const ADDRESSES = [EDITOR, 'kim@inspired2uplift.org', ADMIN] as const;

interface RolePlan {
  aliases: string[];
  inherits: string[];
  include: string[];
  secret: string[] | null;
  named: string[] | null;
}

const PASSWORDS: Record<string, string> = {
  volunteer: 'CHAPTERS_PASS',
  finance: 'FINANCE_PASS',
  hr: 'HR_PASS',
  'design team': 'DESIGN_PASS',
};
const passwordOf = (key: string) => PASSWORDS[key] ?? 'WIX_PASS';

function roleOf(key: string, plan: RolePlan): RoleConfiguration {
  const id = key.replace(/ /gu, '-');
  return roleConfigurationSchema.parse({
    key,
    displayName: key[0]?.toUpperCase() + key.slice(1),
    version: '1.0',
    icon: 'User',
    colors: { baseColor: '#1d4ed8' },
    aliases: plan.aliases,
    inherits: plan.inherits,
    scopes: [
      {
        id: 'start',
        title: 'Your start',
        include: plan.include,
        steps: [
          {
            id: `${id}-welcome`,
            title: 'Welcome',
            description: 'Welcome.',
            icon: 'User',
            category: 'Volunteer',
            content: { details: ['Welcome.'] },
          },
          ...(plan.secret === null
            ? []
            : [
                {
                  id: `${id}-tools`,
                  title: 'Tools',
                  description: 'The shared account.',
                  icon: 'Lock',
                  category: 'Volunteer',
                  envVariable: { name: passwordOf(key), requiredRole: plan.secret },
                  content: { details: ['The password opens the shared account.'] },
                },
              ]),
        ],
      },
    ],
    teamTasks:
      plan.named === null
        ? []
        : [
            {
              id: `${id}-hello`,
              title: 'Say hello',
              description: 'A hello.',
              who: { members: plan.named },
              dueAfterDays: 1,
            },
          ],
  });
}

/** A catalogue: volunteer and some of the other roles; includes and inheritance point only at earlier roles. */
const catalogueArb = fc
  .tuple(
    fc.subarray(KEYS.slice(1) as unknown as string[]),
    fc.array(fc.integer({ min: 0, max: KEYS.length }), { minLength: PHRASES.length, maxLength: PHRASES.length }),
    fc.array(
      fc.record({
        inherits: fc.boolean(),
        include: fc.boolean(),
        secret: fc.option(fc.subarray([...PHRASES, 'volunteer', 'design team']), { nil: null }),
        named: fc.option(fc.subarray([...ADDRESSES], { minLength: 1 }), { nil: null }),
      }),
      { minLength: KEYS.length, maxLength: KEYS.length },
    ),
  )
  .map(([others, aliasOwner, plans]) => {
    const keys = ['volunteer', ...others];
    return keys.map((key, i) => {
      const plan = plans[i];
      const earlier = keys[i - 1];
      // A phrase is an alias of at most one role (or of none: KEYS.length), and never where a role has it as key.
      const aliases = PHRASES.filter((p, pi) => keys[aliasOwner[pi] ?? -1] === key && !keys.includes(p));
      return roleOf(key, {
        aliases,
        inherits: plan?.inherits === true && earlier ? [earlier] : [],
        include: plan?.include === true && earlier ? [earlier] : [],
        secret: plan?.secret === undefined || plan.secret === null ? null : [key, ...plan.secret],
        named: plan?.named ?? null,
      });
    });
  });

/** A rename's new key: a phrase, or (`member`) the role text of one of the members, as a key. */
type Edit =
  | { kind: 'rename'; role: number; to: string | { member: number } }
  | { kind: 'alias'; role: number; phrase: string }
  | { kind: 'include' | 'inherits'; role: number; of: number }
  | { kind: 'requiredRole'; role: number; to: string[] }
  | { kind: 'named'; role: number; to: string[] }
  | { kind: 'words'; role: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      role: fc.nat(),
      to: fc.oneof(fc.constantFrom(...PHRASES, 'money team'), fc.record({ member: fc.nat() })),
    }),
  },
  fc.record({ kind: fc.constant('alias' as const), role: fc.nat(), phrase: fc.constantFrom(...PHRASES) }),
  fc.record({ kind: fc.constantFrom('include' as const, 'inherits' as const), role: fc.nat(), of: fc.nat() }),
  fc.record({
    kind: fc.constant('requiredRole' as const),
    role: fc.nat(),
    to: fc.subarray([...PHRASES, ...KEYS]),
  }),
  fc.record({ kind: fc.constant('named' as const), role: fc.nat(), to: fc.subarray([...ADDRESSES], { minLength: 1 }) }),
  fc.record({ kind: fc.constant('words' as const), role: fc.nat() }),
);

/** The draft an editor makes: the edit applied to the published catalogue as the studio would make it. */
function applyEdit(
  configs: RoleConfiguration[],
  edit: Edit,
  texts: readonly string[],
): { draft: unknown[]; renames: Map<string, string> } {
  const index = edit.role % configs.length;
  const role = configs[index];
  if (!role) return { draft: configs, renames: new Map() };
  const change = (next: RoleConfiguration) => configs.map((c, i) => (i === index ? next : c));
  switch (edit.kind) {
    case 'rename': {
      const to =
        typeof edit.to === 'string' ? edit.to : (texts[edit.to.member % texts.length] ?? 'money team').toLowerCase();
      if (role.key === 'volunteer' || configs.some((c) => c.key === to)) return { draft: configs, renames: new Map() };
      const renamed = changeRoleKeyAt(configs, index, to).map((c, i) =>
        i === index ? { ...c, renamedFrom: role.key } : c,
      );
      return { draft: renamed, renames: new Map([[role.key, to]]) };
    }
    case 'alias': {
      const has = role.aliases.includes(edit.phrase);
      const aliases = has ? role.aliases.filter((a) => a !== edit.phrase) : [...role.aliases, edit.phrase];
      return { draft: change({ ...role, aliases }), renames: new Map() };
    }
    case 'include':
    case 'inherits': {
      const other = configs[edit.of % configs.length];
      if (!other || other.key === role.key || edit.of % configs.length > index)
        return { draft: configs, renames: new Map() };
      if (edit.kind === 'inherits') return { draft: change({ ...role, inherits: [other.key] }), renames: new Map() };
      const scopes = role.scopes.map((s) => ({ ...s, include: [...new Set([...s.include, other.key])] }));
      return { draft: change({ ...role, scopes }), renames: new Map() };
    }
    case 'requiredRole': {
      const scopes = role.scopes.map((s) => ({
        ...s,
        steps: s.steps.map((st) =>
          st.envVariable ? { ...st, envVariable: { ...st.envVariable, requiredRole: edit.to } } : st,
        ),
      }));
      return { draft: change({ ...role, scopes }), renames: new Map() };
    }
    case 'named': {
      const teamTasks = role.teamTasks.map((task) => ({ ...task, who: { members: edit.to } }));
      return { draft: change({ ...role, teamTasks }), renames: new Map() };
    }
    case 'words':
      return { draft: change({ ...role, displayName: `${role.displayName} team` }), renames: new Map() };
  }
}

/** Person → (role, passwords, roles whose team tasks name them), from the stored role texts and a catalogue. */
function accessMapOf(catalog: RoleCatalog, texts: ReadonlyMap<string, string>, renames: ReadonlyMap<string, string>) {
  const map = new Map<string, { role: string; passwords: string[]; teamTasks: string[] }>();
  const renamed = (key: string) => renames.get(key) ?? key;
  for (const [email, text] of texts) {
    const lookup = findRoleConfiguration(catalog, text);
    const role = resolveRole(catalog, lookup.key);
    const passwords = role.scopes
      .flatMap((s) => s.steps)
      .filter((st) => st.envVariable !== undefined)
      .filter(
        (st) =>
          decideSecretAccess({
            stepRequiredRole: st.envVariable?.requiredRole ?? [],
            isTestStep: false,
            session: 'google',
            memberRoleName: lookup.name,
            inheritedRoleKeys: role.inherits,
            memberRoleText: text,
          }).allowed,
      )
      .map((st) => st.envVariable?.name ?? '');
    const teamTasks = [...catalog.keys()].filter((key) =>
      teamTasksOfRole(catalog, key).some((task) => typeof task.who === 'object' && task.who.members.includes(email)),
    );
    map.set(email, {
      role: renamed(lookup.key),
      passwords: [...new Set(passwords)].sort(),
      teamTasks: teamTasks.map(renamed).sort(),
    });
  }
  return map;
}

let t: TestApp;
let admin: string;
let editor: string;
const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'onboarding' });

async function state(): Promise<StudioState> {
  const res = await t.app.inject({ method: 'GET', url: '/api/studio', headers: headers(admin) });
  return res.json<StudioState>();
}

async function publishAs(cookie: string, catalog: unknown[]) {
  const s = await state();
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/studio/draft',
    headers: headers(cookie),
    payload: { catalog, baseUpdatedAt: s.draft?.updatedAt ?? null },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/publish',
    headers: headers(cookie),
    payload: { materialChanges: [], confirmRemovals: true },
  });
}

/** Every person's role text: member records, and users without one. */
async function roleTexts(): Promise<Map<string, string>> {
  const { rows } = (await t.database.db.execute(sql`
    select email, role from members where left_at is null
    union all
    select email, role from users u where not exists (select 1 from members m where m.email = u.email)`)) as unknown as {
    rows: { email: string; role: string }[];
  };
  return new Map(rows.map((r) => [r.email, r.role]));
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Ada' });
  await upsertMember(t.database.db, {
    email: EDITOR,
    role: 'volunteer',
    department: 'Operations',
    isAdmin: false,
    isEditor: true,
  });
  editor = await signInWithGoogleSession(t, { email: EDITOR, name: 'Eddie' });
});
afterAll(async () => {
  await t.close();
});

describe('every edit a content editor may publish leaves person → role → passwords → team tasks unchanged', () => {
  it('holds over random catalogues, member role texts and edits', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        fc.array(fc.constantFrom(...PHRASES, 'Director of Finance and Operations', 'Treasurer', 'volunteer'), {
          minLength: 1,
          maxLength: 4,
        }),
        editArb,
        async (catalogue, texts, edit) => {
          await t.database.db.execute(sql`delete from members where email <> ${EDITOR}`);
          const base = await publishAs(admin, catalogue);
          expect(base.statusCode, base.body).toBe(200);
          for (const [i, role] of texts.entries())
            await upsertMember(t.database.db, {
              email: `person${i}@inspired2uplift.org`,
              role,
              department: 'Operations',
              isAdmin: false,
            });
          const { published } = await state();
          const textsBefore = await roleTexts();
          const { draft, renames } = applyEdit(published.catalog, edit, texts);
          const res = await publishAs(editor, draft);
          if (res.statusCode !== 200) return;
          // A renamed role is the same role: the map before names it by its new key.
          const before = accessMapOf(createRoleCatalog(published.catalog), textsBefore, renames);
          const after = accessMapOf(createRoleCatalog((await state()).published.catalog), await roleTexts(), new Map());
          expect(after, `published by the editor: ${JSON.stringify(edit)}`).toEqual(before);
        },
      ),
      { numRuns: 30 },
    );
  });
});
