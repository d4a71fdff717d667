import { describe, expect, it } from 'vitest';
import { roleConfigurationSchema } from './content-schema.js';
import type { RoleConfiguration } from './content-schema.js';
import {
  RoleConfigurationError,
  createRoleCatalog,
  inheritedRoles,
  orderedStepIds,
  parseInclude,
  resolveRole,
} from './roles.js';

const step = (id: string) => ({
  id,
  title: `Title ${id}`,
  description: `About ${id}`,
  icon: 'User',
  category: 'Volunteer',
});

interface ScopeInput {
  id: string;
  include?: string[];
  steps?: string[];
  description?: string;
}

function role(key: string, scopes: ScopeInput[], extra: Record<string, unknown> = {}): RoleConfiguration {
  return roleConfigurationSchema.parse({
    key,
    displayName: key,
    version: '1.0',
    icon: 'User',
    colors: { baseColor: '#1d4ed8' },
    scopes: scopes.map((s) => ({
      id: s.id,
      title: `Scope ${s.id}`,
      ...(s.description === undefined ? {} : { description: s.description }),
      include: s.include ?? [],
      steps: (s.steps ?? []).map(step),
    })),
    ...extra,
  });
}

const volunteer = role('volunteer', [{ id: 'pre-meeting', steps: ['chrome', 'password', 'agreement'] }]);
const common = role('common', [], { inherits: [] });
const external = role(
  'external',
  [
    { id: 'pre-meeting', include: ['volunteer'], steps: ['meet-director'] },
    { id: 'during-call', steps: ['design-email', 'wix'], description: 'On the call' },
  ],
  { inherits: ['common', 'volunteer'], isDepartment: true },
);
const blogWriter = role(
  'blog writer',
  [{ id: 'pre-meeting', include: ['volunteer', 'external/during-call'], steps: ['first-post'] }],
  { parentDepartment: 'external' },
);

const catalog = createRoleCatalog([volunteer, common, external, blogWriter]);

describe('resolveRole (docs/product.md#scopes-and-steps)', () => {
  it('puts included steps first in a scope, then its own', () => {
    const r = resolveRole(catalog, 'external');
    expect(r.scopes.map((s) => [s.id, s.steps.map((x) => x.id)])).toEqual([
      ['pre-meeting', ['chrome', 'password', 'agreement', 'meet-director']],
      ['during-call', ['design-email', 'wix']],
    ]);
    expect(r.scopes[1]?.description).toBe('On the call');
    expect(r.scopes[0]).not.toHaveProperty('description');
  });

  it('includes one scope of another configuration with "key/scope"', () => {
    expect(orderedStepIds(resolveRole(catalog, 'blog writer'))).toEqual([
      'chrome',
      'password',
      'agreement',
      'design-email',
      'wix',
      'first-post',
    ]);
  });

  it('copies the configuration fields and is case-insensitive in the key', () => {
    const r = resolveRole(catalog, 'External');
    expect(r).toMatchObject({
      key: 'external',
      displayName: 'external',
      version: '1.0',
      icon: 'User',
      colors: { baseColor: '#1d4ed8' },
      isDepartment: true,
      parentDepartment: null,
      inherits: ['common', 'volunteer'],
    });
    expect(resolveRole(catalog, 'blog writer').parentDepartment).toBe('external');
  });

  it('keeps a step shared by two included configurations once, at its first place', () => {
    const a = role('alpha', [{ id: 'one', steps: ['shared', 'a-only'] }]);
    const b = role('beta', [{ id: 'one', steps: ['b-only', 'shared'] }]);
    const both = role('both', [
      { id: 'first', include: ['alpha', 'beta'], steps: ['own'] },
      { id: 'second', include: ['beta'], steps: ['later'] },
    ]);
    const r = resolveRole(createRoleCatalog([a, b, both]), 'both');
    expect(r.scopes.map((s) => s.steps.map((x) => x.id))).toEqual([['shared', 'a-only', 'b-only', 'own'], ['later']]);
    const ids = orderedStepIds(r);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('drops scopes left without a step', () => {
    const c = role('gamma', [
      { id: 'empty' },
      { id: 'only-duplicates', include: ['volunteer'] },
      { id: 'again', include: ['volunteer'] },
      { id: 'real', steps: ['g'] },
    ]);
    const r = resolveRole(createRoleCatalog([volunteer, c]), 'gamma');
    expect(r.scopes.map((s) => s.id)).toEqual(['only-duplicates', 'real']);
  });

  it('resolves a configuration with no scopes to no scopes', () => {
    expect(resolveRole(catalog, 'common').scopes).toEqual([]);
  });

  it('stops at include cycles instead of looping', () => {
    const a = role('alpha', [{ id: 'one', include: ['beta'], steps: ['a'] }]);
    const b = role('beta', [{ id: 'one', include: ['alpha'], steps: ['b'] }]);
    const self = role('selfish', [{ id: 'one', include: ['selfish', 'selfish/one'], steps: ['s'] }]);
    const cat = createRoleCatalog([a, b, self]);
    expect(orderedStepIds(resolveRole(cat, 'alpha'))).toEqual(['b', 'a']);
    expect(orderedStepIds(resolveRole(cat, 'beta'))).toEqual(['a', 'b']);
    expect(orderedStepIds(resolveRole(cat, 'selfish'))).toEqual(['s']);
  });

  it('throws RoleConfigurationError for a missing configuration, include, scope or inherited role', () => {
    const missing = (fn: () => unknown, roleName: string) => {
      try {
        fn();
        expect.unreachable('should have thrown');
      } catch (e) {
        expect(e).toBeInstanceOf(RoleConfigurationError);
        expect((e as RoleConfigurationError).role).toBe(roleName);
        expect((e as Error).name).toBe('RoleConfigurationError');
      }
    };
    missing(() => resolveRole(catalog, 'pilot'), 'pilot');
    missing(() => resolveRole(createRoleCatalog([role('x', [{ id: 'one', include: ['nowhere'] }])]), 'x'), 'nowhere');
    missing(
      () => resolveRole(createRoleCatalog([volunteer, role('x', [{ id: 'one', include: ['volunteer/nope'] }])]), 'x'),
      'volunteer',
    );
    missing(() => resolveRole(createRoleCatalog([role('x', [], { inherits: ['ghost'] })]), 'x'), 'ghost');
  });
});

describe('inheritedRoles', () => {
  it('is transitive, first occurrence first, without the role itself, and cuts cycles', () => {
    const cat = createRoleCatalog([
      role('a', [], { inherits: ['b', 'c'] }),
      role('b', [], { inherits: ['d', 'a'] }),
      role('c', [], { inherits: ['d'] }),
      role('d', [], { inherits: ['b'] }),
    ]);
    expect(inheritedRoles(cat, 'a')).toEqual(['b', 'd', 'c']);
    expect(inheritedRoles(cat, 'A')).toEqual(['b', 'd', 'c']);
    expect(resolveRole(cat, 'c').inherits).toEqual(['d', 'b', 'a']);
  });

  it('is empty for a role that inherits nothing', () => {
    expect(inheritedRoles(catalog, 'volunteer')).toEqual([]);
  });
});

describe('parseInclude', () => {
  it.each([
    ['volunteer', { role: 'volunteer' }],
    ['blog writer', { role: 'blog writer' }],
    ['external/during-call', { role: 'external', scope: 'during-call' }],
  ])('parses %s', (entry, parsed) => {
    expect(parseInclude(entry)).toEqual(parsed);
  });
});

describe('createRoleCatalog', () => {
  it('keys configurations by lower-case key in the given order and rejects duplicates', () => {
    expect([...catalog.keys()]).toEqual(['volunteer', 'common', 'external', 'blog writer']);
    expect(() => createRoleCatalog([volunteer, volunteer])).toThrow(RoleConfigurationError);
  });
});

describe('orderedStepIds', () => {
  it('lists step ids across scopes in order', () => {
    expect(orderedStepIds({ scopes: [] })).toEqual([]);
    expect(orderedStepIds(resolveRole(catalog, 'external'))).toEqual([
      'chrome',
      'password',
      'agreement',
      'meet-director',
      'design-email',
      'wix',
    ]);
  });
});
