import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECRET_REFUSAL_TEXT, decideSecretAccess } from './secret-access.js';
import type { SecretAccessInput, SessionKind } from './secret-access.js';

/** The table of docs/product.md#shared-passwords: secret name → allowed roles. */
const DESIGN_ROLES = [
  'external',
  'director of external',
  'director of marketing',
  'marketing',
  'content creator',
  'graphic designer',
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
 * Members as the server sees them after lookup (docs/product.md#role-lookup) and resolution: role text, the name the
 * lookup matched (key or alias) and inherited keys.
 */
const DEPARTMENT = ['common', 'volunteer'];
const MEMBERS: { text: string; name: string; inherits: string[]; allowed: string[] }[] = [
  { text: 'treasurer', name: 'treasurer', inherits: DEPARTMENT, allowed: ['FINANCE_PASS'] },
  {
    text: 'Director of Finance and Operations',
    name: 'director of finance',
    inherits: DEPARTMENT,
    allowed: ['FINANCE_PASS'],
  },
  { text: 'head of hr', name: 'head of hr', inherits: DEPARTMENT, allowed: ['HR_PASS'] },
  { text: 'HR', name: 'hr', inherits: DEPARTMENT, allowed: ['HR_PASS'] },
  // An alias of External: the Design e-mail and Wix lists name it, the Instagram list does not.
  { text: 'graphic designer', name: 'graphic designer', inherits: DEPARTMENT, allowed: ['DESIGN_PASS', 'WIX_PASS'] },
  { text: 'Graphic  Designer ', name: 'graphic designer', inherits: DEPARTMENT, allowed: ['DESIGN_PASS', 'WIX_PASS'] },
  {
    text: 'Senior graphic designer',
    name: 'graphic designer',
    inherits: DEPARTMENT,
    allowed: ['DESIGN_PASS', 'WIX_PASS'],
  },
  { text: 'Chapters', name: 'chapters', inherits: DEPARTMENT, allowed: ['CHAPTERS_PASS'] },
  { text: 'chapteraffairs', name: 'chapteraffairs', inherits: DEPARTMENT, allowed: ['CHAPTERS_PASS'] },
  {
    text: 'director of marketing',
    name: 'director of marketing',
    inherits: DEPARTMENT,
    allowed: ['DESIGN_PASS', 'WIX_PASS', 'INSTAGRAM_PASS'],
  },
  {
    text: 'Marketing lead',
    name: 'marketing',
    inherits: DEPARTMENT,
    allowed: ['DESIGN_PASS', 'WIX_PASS', 'INSTAGRAM_PASS'],
  },
  {
    text: 'Content_Creator',
    name: 'content_creator',
    inherits: [],
    allowed: ['DESIGN_PASS', 'WIX_PASS', 'INSTAGRAM_PASS'],
  },
  { text: 'blogwriter', name: 'blogwriter', inherits: [], allowed: ['DESIGN_PASS', 'WIX_PASS'] },
  { text: 'CEO', name: 'ceo', inherits: DEPARTMENT, allowed: [] },
  { text: 'internal', name: 'internal', inherits: DEPARTMENT, allowed: [] },
  { text: 'vol', name: 'vol', inherits: [], allowed: [] },
  { text: '', name: 'volunteer', inherits: [], allowed: [] },
  { text: 'Pilot', name: 'volunteer', inherits: [], allowed: [] },
  { text: 'test', name: 'test', inherits: [], allowed: [] },
  { text: 'account', name: 'account', inherits: ['volunteer'], allowed: [] },
  // Access through an inherited configuration (docs/product.md#shared-passwords: one of the configurations the role
  // inherits).
  {
    text: 'finance assistant',
    name: 'finance assistant',
    inherits: ['finance', 'volunteer'],
    allowed: ['FINANCE_PASS'],
  },
];

const input = (secret: string, member: (typeof MEMBERS)[number], session: SessionKind): SecretAccessInput => ({
  stepRequiredRole: SECRETS[secret] ?? [],
  isTestStep: secret === 'TEST_PASS',
  session,
  memberRoleName: member.name,
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
    const base = { session: 'google', memberRoleName: 'volunteer', inheritedRoleKeys: [] } as const;
    expect(decideSecretAccess({ ...base, stepRequiredRole: ['finance', ' * '], isTestStep: false })).toEqual({
      allowed: true,
    });
    expect(decideSecretAccess({ ...base, stepRequiredRole: ['hr'], isTestStep: true })).toEqual({ allowed: true });
  });

  it('matches the matched name without role text, ignoring case, spaces, underscores and hyphens', () => {
    const google = { isTestStep: false, session: 'google', inheritedRoleKeys: [] } as const;
    expect(
      decideSecretAccess({ ...google, stepRequiredRole: ['Head Of Finance', 'FINANCE'], memberRoleName: 'Finance' }),
    ).toEqual({ allowed: true });
    expect(decideSecretAccess({ ...google, stepRequiredRole: ['blog writer'], memberRoleName: 'blog-writer' })).toEqual(
      { allowed: true },
    );
    expect(
      decideSecretAccess({ ...google, stepRequiredRole: ['blog writer'], memberRoleName: 'blog writers' }),
    ).toEqual({ allowed: false, reason: 'role-mismatch' });
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
    memberRoleName: fc.string({ maxLength: 12 }),
    inheritedRoleKeys: roles,
    memberRoleText: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
  });

  it('only ever allows a Google session, and always gives a reason with a tooltip when refusing', () => {
    fc.assert(
      fc.property(anyInput, (i) => {
        const decision = decideSecretAccess(i);
        if (decision.allowed) expect(i.session).toBe('google');
        else expect(SECRET_REFUSAL_TEXT[decision.reason]).toMatch(/\S/);
      }),
    );
  });

  it('refuses a Google member whose key, text and inherited keys are all outside a list without "*"', () => {
    fc.assert(
      fc.property(anyInput, (i) => {
        const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/gu, '');
        const allowed = new Set(i.stepRequiredRole.map(norm));
        const mine = [i.memberRoleName, i.memberRoleText ?? '', ...i.inheritedRoleKeys]
          .map(norm)
          .filter((r) => r !== '');
        fc.pre(i.session === 'google' && !i.isTestStep && !allowed.has('*') && !mine.some((r) => allowed.has(r)));
        expect(decideSecretAccess(i)).toEqual({ allowed: false, reason: 'role-mismatch' });
      }),
    );
  });
});
