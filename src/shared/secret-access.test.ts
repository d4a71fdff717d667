import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECRET_REFUSAL_TEXT, decideSecretAccess } from './secret-access.js';
import type { SecretAccessInput, SessionKind } from './secret-access.js';

/** The table of docs/product.md#shared-passwords: secret name → allowed roles. */
const DESIGN_ROLES = [
  'external', 'director of external', 'director of marketing', 'marketing', 'content creator', 'graphic designer',
  'blog writer',
];
const SECRETS: Record<string, string[]> = {
  CHAPTERS_PASS: ['chapters', 'Chapters', 'chapteraffairs', 'director of chapter affairs'],
  DESIGN_PASS: DESIGN_ROLES,
  WIX_PASS: DESIGN_ROLES,
  INSTAGRAM_PASS: ['external', 'director of external', 'director of marketing', 'marketing', 'content creator'],
  FINANCE_PASS: ['finance', 'director of finance', 'head of finance', 'treasurer'],
  HR_PASS: ['hr', 'director of hr', 'head of hr', 'human resources'],
  TEST_PASS: ['*'],
};

/**
 * Members as the server sees them after lookup (docs/product.md#role-lookup) and resolution: role text, key and
 * inherited keys.
 */
const DEPARTMENT = ['common', 'volunteer'];
const MEMBERS: { text: string; key: string; inherits: string[]; allowed: string[] }[] = [
  { text: 'treasurer', key: 'finance', inherits: DEPARTMENT, allowed: ['FINANCE_PASS'] },
  { text: 'Director of Finance and Operations', key: 'finance', inherits: DEPARTMENT, allowed: ['FINANCE_PASS'] },
  { text: 'head of hr', key: 'hr', inherits: DEPARTMENT, allowed: ['HR_PASS'] },
  { text: 'HR', key: 'hr', inherits: DEPARTMENT, allowed: ['HR_PASS'] },
  { text: 'graphic designer', key: 'volunteer', inherits: [], allowed: ['DESIGN_PASS', 'WIX_PASS'] },
  { text: 'Graphic  Designer ', key: 'volunteer', inherits: [], allowed: ['DESIGN_PASS', 'WIX_PASS'] },
  { text: 'Chapters', key: 'chapters', inherits: DEPARTMENT, allowed: ['CHAPTERS_PASS'] },
  { text: 'chapteraffairs', key: 'chapters', inherits: DEPARTMENT, allowed: ['CHAPTERS_PASS'] },
  { text: 'director of marketing', key: 'external', inherits: DEPARTMENT, allowed: ['DESIGN_PASS', 'WIX_PASS', 'INSTAGRAM_PASS'] },
  { text: 'Content_Creator', key: 'content creator', inherits: [], allowed: ['DESIGN_PASS', 'WIX_PASS', 'INSTAGRAM_PASS'] },
  { text: 'blogwriter', key: 'blog writer', inherits: [], allowed: ['DESIGN_PASS', 'WIX_PASS'] },
  { text: 'CEO', key: 'executive', inherits: DEPARTMENT, allowed: [] },
  { text: 'internal', key: 'internal', inherits: DEPARTMENT, allowed: [] },
  { text: 'vol', key: 'volunteer', inherits: [], allowed: [] },
  { text: '', key: 'volunteer', inherits: [], allowed: [] },
  { text: 'test', key: 'test', inherits: [], allowed: [] },
  { text: 'account', key: 'account', inherits: ['volunteer'], allowed: [] },
  // Access through an inherited configuration (docs/product.md#shared-passwords: one of the configurations the role
  // inherits).
  { text: 'finance assistant', key: 'finance assistant', inherits: ['finance', 'volunteer'], allowed: ['FINANCE_PASS'] },
];

const input = (
  secret: string,
  member: (typeof MEMBERS)[number],
  session: SessionKind,
): SecretAccessInput => ({
  stepRequiredRole: SECRETS[secret] ?? [],
  isTestStep: secret === 'TEST_PASS',
  session,
  memberRoleKey: member.key,
  inheritedRoleKeys: member.inherits,
  memberRoleText: member.text,
});

const cases = Object.keys(SECRETS).flatMap((secret) => MEMBERS.map((member) => [secret, member] as const));

describe('decideSecretAccess (docs/product.md#shared-passwords)', () => {
  it.each(cases)('Google session: %s for role text %j', (secret, member) => {
    const expected = secret === 'TEST_PASS' || member.allowed.includes(secret);
    expect(decideSecretAccess(input(secret, member, 'google'))).toEqual(
      expected ? { allowed: true } : { allowed: false, reason: 'role-mismatch' },
    );
  });

  it.each(cases)('development and preview sessions never see %s (role text %j)', (secret, member) => {
    for (const session of ['development', 'preview'] as const) {
      expect(decideSecretAccess(input(secret, member, session))).toEqual({ allowed: false, reason: 'development' });
    }
  });

  it.each(cases)('anonymous requests never see %s (role text %j)', (secret, member) => {
    expect(decideSecretAccess(input(secret, member, 'anonymous'))).toEqual({ allowed: false, reason: 'not-signed-in' });
  });

  it('allows every Google member on a wildcard step, and on the test step whatever its list', () => {
    const base = { session: 'google', memberRoleKey: 'volunteer', inheritedRoleKeys: [] } as const;
    expect(decideSecretAccess({ ...base, stepRequiredRole: ['finance', ' * '], isTestStep: false })).toEqual({ allowed: true });
    expect(decideSecretAccess({ ...base, stepRequiredRole: ['hr'], isTestStep: true })).toEqual({ allowed: true });
  });

  it('matches the role key without role text, case-insensitively', () => {
    expect(decideSecretAccess({
      stepRequiredRole: ['Head Of Finance', 'FINANCE'], isTestStep: false, session: 'google',
      memberRoleKey: 'Finance', inheritedRoleKeys: [],
    })).toEqual({ allowed: true });
  });

  it('maps every refusal reason to its documented tooltip', () => {
    expect(SECRET_REFUSAL_TEXT).toEqual({
      'not-signed-in': 'Sign in to view with Google',
      'role-mismatch': "You don't have the necessary permissions to view this password",
      development: 'Development mode - real passwords hidden',
    });
  });
});

describe('decideSecretAccess properties', () => {
  const roles = fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 });
  const anyInput = fc.record({
    stepRequiredRole: roles,
    isTestStep: fc.boolean(),
    session: fc.constantFrom<SessionKind>('anonymous', 'development', 'preview', 'google'),
    memberRoleKey: fc.string({ maxLength: 12 }),
    inheritedRoleKeys: roles,
    memberRoleText: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
  });

  it('only ever allows a Google session, and always gives a reason with a tooltip when refusing', () => {
    fc.assert(fc.property(anyInput, (i) => {
      const decision = decideSecretAccess(i);
      if (decision.allowed) expect(i.session).toBe('google');
      else expect(SECRET_REFUSAL_TEXT[decision.reason]).toMatch(/\S/);
    }));
  });

  it('refuses a Google member whose key, text and inherited keys are all outside a list without "*"', () => {
    fc.assert(fc.property(anyInput, (i) => {
      const norm = (s: string) => s.trim().replace(/\s+/gu, ' ').toLowerCase();
      const allowed = new Set(i.stepRequiredRole.map(norm));
      const mine = [i.memberRoleKey, i.memberRoleText ?? '', ...i.inheritedRoleKeys].map(norm).filter((r) => r !== '');
      fc.pre(i.session === 'google' && !i.isTestStep && !allowed.has('*') && !mine.some((r) => allowed.has(r)));
      expect(decideSecretAccess(i)).toEqual({ allowed: false, reason: 'role-mismatch' });
    }));
  });
});
