import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleConfigurationSchema } from './content-schema.js';
import type { RoleConfiguration } from './content-schema.js';
import {
  DEFAULT_ROLE_KEY,
  NO_ROLE_PROVIDED,
  findAliasConflicts,
  findRoleConfiguration,
  noRoleConfigurationMessage,
  noScopesMessage,
  normaliseRoleText,
  resolveMemberRole,
} from './role-lookup.js';
import { RoleConfigurationError, createRoleCatalog } from './roles.js';

/** Role keys and aliases exactly as the table of docs/product.md#roles lists them. */
const DOCUMENTED_ALIASES: Record<string, string[]> = {
  volunteer: ['vol'],
  chapters: ['chapteraffairs', 'director of chapter affairs'],
  executive: ['ceo', 'coo', 'cfo', 'chief'],
  external: ['director of external', 'director of marketing', 'marketing'],
  'blog writer': ['blog_writer', 'blogwriter'],
  'content creator': ['content_creator'],
  finance: ['director of finance', 'head of finance', 'treasurer'],
  hr: ['director of hr', 'head of hr', 'human resources'],
  internal: ['director of internal'],
  test: [],
  account: [],
  common: [],
  default: [],
};

function role(key: string, aliases: string[], withSteps = true): RoleConfiguration {
  return roleConfigurationSchema.parse({
    key,
    displayName: key,
    version: '1.0',
    icon: 'User',
    colors: { baseColor: '#1d4ed8' },
    aliases,
    scopes: withSteps
      ? [
          {
            id: 'pre-meeting',
            title: 'Before',
            steps: [
              {
                id: `${key.replace(' ', '-')}-step`,
                title: 'T',
                description: 'D',
                icon: 'User',
                category: 'Volunteer',
              },
            ],
          },
        ]
      : [],
  });
}

const catalog = createRoleCatalog(
  Object.entries(DOCUMENTED_ALIASES).map(([key, aliases]) => role(key, aliases, !['common', 'default'].includes(key))),
);
const KEYS = Object.keys(DOCUMENTED_ALIASES);
const ALIAS_PAIRS = Object.entries(DOCUMENTED_ALIASES).flatMap(([key, aliases]) =>
  aliases.map((alias) => [alias, key] as const),
);

describe('findRoleConfiguration (docs/product.md#role-lookup)', () => {
  it.each(KEYS)('matches the key %s exactly', (key) => {
    expect(findRoleConfiguration(catalog, key)).toEqual({ key, matchedBy: 'key', name: key });
  });

  it.each(ALIAS_PAIRS)('maps the alias "%s" to %s', (alias, key) => {
    expect(findRoleConfiguration(catalog, alias)).toEqual({ key, matchedBy: 'alias', name: alias });
  });

  it.each([
    ['FINANCE', 'finance', 'key', 'finance'],
    ['  Blog Writer  ', 'blog writer', 'key', 'blog writer'],
    ['content\tcreator', 'content creator', 'key', 'content creator'],
    ['Head  of   HR', 'hr', 'alias', 'head of hr'],
    ['Treasurer', 'finance', 'alias', 'treasurer'],
    ['CEO', 'executive', 'alias', 'ceo'],
    ['Blog_Writer', 'blog writer', 'alias', 'blog_writer'],
    ['Account', 'account', 'key', 'account'],
  ] as const)('is case- and whitespace-insensitive: %j → %s', (text, key, matchedBy, name) => {
    expect(findRoleConfiguration(catalog, text)).toEqual({ key, matchedBy, name });
  });

  it.each([
    ['Director of Finance and Operations', 'finance', 'director of finance'],
    ['Interim Director of Chapter Affairs', 'chapters', 'director of chapter affairs'],
    ['Chief Executive Officer', 'executive', 'chief'],
    ['Head of HR & Culture', 'hr', 'head of hr'],
    ['Senior Treasurer (acting)', 'finance', 'treasurer'],
    ['Social media / marketing intern', 'external', 'marketing'],
    ['Director of Marketing and Outreach', 'external', 'director of marketing'],
    ['VOL - weekend events', 'volunteer', 'vol'],
  ])('finds an alias contained in "%s" → %s (through "%s")', (text, key, name) => {
    expect(findRoleConfiguration(catalog, text)).toEqual({ key, matchedBy: 'contains', name });
  });

  it('prefers the longest contained alias', () => {
    // "chief" (executive) and "director of chapter affairs" (chapters) are both contained.
    expect(findRoleConfiguration(catalog, 'Chief of Staff and Director of Chapter Affairs').key).toBe('chapters');
    // "marketing" (external, 9) and "director of finance" (finance, 19).
    expect(findRoleConfiguration(catalog, 'Marketing and Director of Finance').key).toBe('finance');
  });

  it('breaks ties between equally long aliases by the earliest position in the text', () => {
    expect(findRoleConfiguration(catalog, 'ceo and cfo').key).toBe('executive');
    const cat = createRoleCatalog([role('volunteer', []), role('alpha', ['north']), role('beta', ['south'])]);
    expect(findRoleConfiguration(cat, 'south and north').key).toBe('beta');
    expect(findRoleConfiguration(cat, 'north and south').key).toBe('alpha');
  });

  it('matches contained aliases on whole words only', () => {
    expect(findRoleConfiguration(catalog, 'Involved parent')).toMatchObject({ key: 'volunteer', matchedBy: 'default' });
    expect(findRoleConfiguration(catalog, 'Chiefly curious')).toMatchObject({ matchedBy: 'default' });
    expect(findRoleConfiguration(catalog, 'Remarketing lead')).toMatchObject({ matchedBy: 'default' });
    expect(findRoleConfiguration(catalog, 'CEO2')).toMatchObject({ matchedBy: 'default' });
    expect(findRoleConfiguration(catalog, 'ceo/founder')).toEqual({
      key: 'executive',
      matchedBy: 'contains',
      name: 'ceo',
    });
  });

  it('does not search for keys inside text, only aliases', () => {
    expect(findRoleConfiguration(catalog, 'Account Manager')).toMatchObject({ key: 'volunteer', matchedBy: 'default' });
    expect(findRoleConfiguration(catalog, 'Finance associate')).toMatchObject({
      key: 'volunteer',
      matchedBy: 'default',
    });
  });

  it.each([undefined, null, '', '   ', '\n\t'])('falls back to volunteer with "No role provided" for %j', (text) => {
    expect(findRoleConfiguration(catalog, text)).toEqual({
      key: 'volunteer',
      matchedBy: 'default',
      name: 'volunteer',
      problem: 'No role provided',
    });
    expect(NO_ROLE_PROVIDED).toBe('No role provided');
  });

  it('falls back to volunteer with the documented warning for unknown text', () => {
    expect(findRoleConfiguration(catalog, 'Pilot')).toEqual({
      key: 'volunteer',
      matchedBy: 'default',
      name: 'volunteer',
      problem: 'No role configuration found for "Pilot"',
    });
    expect(findRoleConfiguration(catalog, '  Pilot ').problem).toBe('No role configuration found for "Pilot"');
    expect(noRoleConfigurationMessage('x')).toBe('No role configuration found for "x"');
  });

  it('returns the default key even when the catalogue lacks it', () => {
    expect(findRoleConfiguration(createRoleCatalog([]), 'anything')).toMatchObject({ key: DEFAULT_ROLE_KEY });
  });
});

describe('findRoleConfiguration properties', () => {
  it('never throws and always answers a key of the catalogue', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: 'grapheme', maxLength: 60 }), { nil: undefined }), (text) => {
        const found = findRoleConfiguration(catalog, text);
        expect(catalog.has(found.key)).toBe(true);
        expect(found.problem !== undefined).toBe(found.matchedBy === 'default');
      }),
    );
  });

  it('maps any alias in random casing with surrounding whitespace to its role', () => {
    const whitespace = fc.stringMatching(/^[ \t\n]{0,4}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...ALIAS_PAIRS),
        fc.infiniteStream(fc.boolean()),
        whitespace,
        whitespace,
        ([alias, key], upper, before, after) => {
          const cased = Array.from(alias, (ch) => (upper.next().value ? ch.toUpperCase() : ch.toLowerCase())).join('');
          expect(findRoleConfiguration(catalog, `${before}${cased}${after}`)).toEqual({
            key,
            matchedBy: 'alias',
            name: alias,
          });
        },
      ),
    );
  });

  it('finds an alias surrounded by other words', () => {
    const word = fc
      .stringMatching(/^[a-z]{1,8}$/)
      .filter((w) => !KEYS.includes(w) && !ALIAS_PAIRS.some(([a]) => a === w));
    fc.assert(
      fc.property(fc.constantFrom(...ALIAS_PAIRS), word, word, ([alias, key], a, b) => {
        const found = findRoleConfiguration(catalog, `${a} ${alias} ${b}`);
        // A longer alias could also be contained, but only one of the same role in the documented list.
        expect(found).toMatchObject({ key, matchedBy: 'contains' });
        expect(`${a} ${alias} ${b}`).toContain(found.name);
      }),
    );
  });
});

describe('resolveMemberRole', () => {
  it('resolves the found configuration without warnings', () => {
    const { role: r, lookup, warnings } = resolveMemberRole(catalog, 'Head of Finance');
    expect(r.key).toBe('finance');
    expect(lookup).toEqual({ key: 'finance', matchedBy: 'alias', name: 'head of finance' });
    expect(warnings).toEqual([]);
  });

  it('resolves unknown and empty text to volunteer with the lookup problem as a warning', () => {
    expect(resolveMemberRole(catalog, 'Pilot')).toMatchObject({
      role: { key: 'volunteer' },
      warnings: ['No role configuration found for "Pilot"'],
    });
    expect(resolveMemberRole(catalog, null).warnings).toEqual(['No role provided']);
  });

  it('warns "No scopes found for role: {role}" for a role without scopes', () => {
    expect(resolveMemberRole(catalog, 'Common').warnings).toEqual(['No scopes found for role: common']);
    expect(noScopesMessage('hr')).toBe('No scopes found for role: hr');
  });

  it('lets RoleConfigurationError propagate when the configuration is missing', () => {
    const noVolunteer = createRoleCatalog([role('finance', ['treasurer'])]);
    expect(resolveMemberRole(noVolunteer, 'treasurer').role.key).toBe('finance');
    expect(() => resolveMemberRole(noVolunteer, 'Pilot')).toThrow(RoleConfigurationError);
  });
});

describe('findAliasConflicts', () => {
  it('is empty for the documented aliases', () => {
    expect(findAliasConflicts(catalog)).toEqual([]);
  });

  it('reports a term claimed by two configurations, as key or alias', () => {
    const cat = createRoleCatalog([role('finance', ['Treasurer', 'hr']), role('hr', ['treasurer '])]);
    expect(findAliasConflicts(cat)).toEqual([
      { term: 'treasurer', keys: ['finance', 'hr'] },
      { term: 'hr', keys: ['finance', 'hr'] },
    ]);
  });
});

describe('normaliseRoleText', () => {
  it('trims, lower-cases and collapses whitespace', () => {
    expect(normaliseRoleText('  Head \t of\n HR ')).toBe('head of hr');
  });
});
