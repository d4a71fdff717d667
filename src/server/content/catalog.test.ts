import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, DEFAULT_ROLE_COLOR, textColorFor, VOLUNTEER_ROLE_COLOR } from '../../shared/colors.js';
import { ICON_NAMES, type RoleConfiguration, type StepCategory } from '../../shared/content-schema.js';
import { isPlaceholder, UNCONFIRMED_EMAIL_SENTENCE } from '../../shared/placeholders.js';
import { formatRoleLabel } from '../../shared/role-label.js';
import { findAliasConflicts, findRoleConfiguration, resolveMemberRole } from '../../shared/role-lookup.js';
import { orderedStepIds, resolveRole, type RoleCatalog } from '../../shared/roles.js';
import { projectRoot } from '../project-root.js';
import { loadContent } from './load-content.js';

/**
 * The real content (content/roles/*.yaml, loaded by the real loader) against docs/product.md#roles and
 * docs/product.md#shared-passwords, role by role.
 * A failure here means the content and docs/product.md disagree: fix the content, or change this table deliberately.
 */

/**
 * The volunteer steps of docs/product.md#roles: Chrome profile, password, agreement, Slack, meet your people, what to
 * expect, the support and access needs form, the safeguarding quiz, mobile apps, in this order.
 */
const VOLUNTEER_STEPS = [
  'sign-in-chrome-profile',
  'change-password',
  'sign-volunteer-agreement',
  'set-up-slack',
  'meet-your-people',
  'what-to-expect',
  'support-and-access-needs',
  'safeguarding-quiz',
  'download-mobile-apps',
];
/** The common configuration's steps, which every department's pre-meeting scope includes after the volunteer's. */
const COMMON_STEPS = [
  'common-join-team-channels',
  'common-find-shared-drive',
  'common-share-availability',
  'common-confidentiality-safeguarding',
];

interface Expected {
  /** Resolved scopes: id and number of steps, in order. */
  scopes: [string, number][];
  /** Transitively inherited configurations (docs/product.md#roles). */
  inherits: readonly string[];
  /** The badge of the configuration's own steps (docs/product.md#roles; 'Account' for the notice). */
  category: StepCategory | null;
  isDepartment: boolean;
  parentDepartment: string | null;
  /** The aliases of docs/product.md#roles, exactly. */
  aliases: readonly string[];
}

const DEPARTMENT = { inherits: ['common', 'volunteer'], isDepartment: true, parentDepartment: null } as const;
const PLAIN = { inherits: [], isDepartment: false, parentDepartment: null, aliases: [] } as const;

const EXPECTED: Record<string, Expected> = {
  volunteer: { ...PLAIN, scopes: [['getting-started', 9]], category: 'Volunteer', aliases: ['vol'] },
  chapters: {
    ...DEPARTMENT,
    scopes: [
      ['pre-meeting', 17],
      ['during-call', 4],
    ],
    category: 'Chapters',
    aliases: ['chapteraffairs', 'director of chapter affairs'],
  },
  executive: {
    ...DEPARTMENT,
    scopes: [
      ['pre-meeting', 17],
      ['during-call', 4],
    ],
    category: 'Executives',
    aliases: ['ceo', 'coo', 'cfo', 'chief'],
  },
  external: {
    ...DEPARTMENT,
    scopes: [
      ['pre-meeting', 17],
      ['during-call', 4],
    ],
    category: 'External',
    aliases: ['director of external', 'director of marketing', 'marketing', 'graphic designer'],
  },
  'blog writer': {
    ...PLAIN,
    parentDepartment: 'external',
    scopes: [
      ['pre-meeting', 19],
      ['during-call', 7],
    ],
    category: 'Blog Writer',
    aliases: ['blog_writer', 'blogwriter'],
  },
  'content creator': {
    ...PLAIN,
    parentDepartment: 'external',
    scopes: [
      ['pre-meeting', 19],
      ['during-call', 6],
    ],
    category: 'Content Creator',
    aliases: ['content_creator'],
  },
  finance: {
    ...DEPARTMENT,
    scopes: [
      ['pre-meeting', 16],
      ['during-call', 4],
    ],
    category: 'Finance',
    aliases: ['director of finance', 'head of finance', 'treasurer'],
  },
  hr: {
    ...DEPARTMENT,
    scopes: [
      ['pre-meeting', 17],
      ['during-call', 3],
      ['post-call', 3],
    ],
    category: 'HR',
    aliases: ['director of hr', 'head of hr', 'human resources'],
  },
  internal: {
    ...DEPARTMENT,
    scopes: [['pre-meeting', 18]],
    category: 'Internal',
    aliases: ['director of internal'],
  },
  test: { ...PLAIN, scopes: [['examples', 7]], category: 'Test' },
  account: { ...PLAIN, inherits: ['volunteer'], scopes: [['account-notice', 1]], category: 'Account' },
  common: { ...PLAIN, scopes: [['team-basics', 4]], category: 'Volunteer' },
  default: { ...PLAIN, scopes: [['getting-started', 9]], category: null },
};

/**
 * The roles of docs/product.md#roles whose display name is the label of the key
 * (docs/product.md#role-colours-and-labels).
 */
const LABELLED_ROLES = [
  'volunteer',
  'chapters',
  'executive',
  'external',
  'blog writer',
  'content creator',
  'finance',
  'hr',
  'internal',
  'test',
  'account',
];

/** Roles allowed to see the design e-mail and Wix passwords (docs/product.md#shared-passwords). */
const DESIGN_ROLES = [
  'external',
  'director of external',
  'director of marketing',
  'marketing',
  'content creator',
  'graphic designer',
  'blog writer',
];

/** docs/product.md#shared-passwords, exactly: secret name → the step and its `requiredRole`. */
const SECRET_STEPS: Record<string, { stepId: string; requiredRole: string[] }> = {
  CHAPTERS_PASS: {
    stepId: 'chapters-profile',
    requiredRole: ['chapters', 'Chapters', 'chapteraffairs', 'director of chapter affairs'],
  },
  DESIGN_PASS: { stepId: 'external-design-email', requiredRole: DESIGN_ROLES },
  WIX_PASS: { stepId: 'external-wix', requiredRole: DESIGN_ROLES },
  INSTAGRAM_PASS: {
    stepId: 'external-instagram',
    requiredRole: ['external', 'director of external', 'director of marketing', 'marketing', 'content creator'],
  },
  FINANCE_PASS: {
    stepId: 'finance-profile',
    requiredRole: ['finance', 'director of finance', 'head of finance', 'treasurer'],
  },
  HR_PASS: { stepId: 'hr-profile', requiredRole: ['hr', 'director of hr', 'head of hr', 'human resources'] },
  TEST_PASS: { stepId: 'test-shared-password', requiredRole: ['*'] },
};

let catalog: RoleCatalog;
beforeAll(async () => {
  catalog = await loadContent(path.join(projectRoot, 'content'));
});

const config = (key: string): RoleConfiguration => {
  const found = catalog.get(key);
  if (!found) throw new Error(`no role configuration "${key}"`);
  return found;
};
const ownSteps = (key: string) => config(key).scopes.flatMap((s) => s.steps);
const ROLES = Object.keys(EXPECTED);

describe('the real catalog', () => {
  it('has exactly the role configurations of docs/product.md#roles', () => {
    expect([...catalog.keys()].sort()).toEqual([...ROLES].sort());
  });

  it('has no key or alias claimed by two configurations', () => {
    expect(findAliasConflicts(catalog)).toEqual([]);
  });

  it('keeps the fallback colours of docs/product.md#role-colours-and-labels: default blue, volunteer green', () => {
    expect(config('default').colors.baseColor).toBe(DEFAULT_ROLE_COLOR);
    expect(config('volunteer').colors.baseColor).toBe(VOLUNTEER_ROLE_COLOR);
  });

  it('marks every shared-password step with its secret name and the allowed roles of docs/product.md#shared-passwords, exactly', () => {
    const found = Object.fromEntries(
      [...catalog.values()].flatMap((c) =>
        c.scopes.flatMap((s) =>
          s.steps.flatMap((step) =>
            step.envVariable
              ? [[step.envVariable.name, { stepId: step.id, requiredRole: step.envVariable.requiredRole }]]
              : [],
          ),
        ),
      ),
    );
    expect(found).toEqual(SECRET_STEPS);
  });
});

describe.each(ROLES)('role configuration "%s"', (key) => {
  const expected = EXPECTED[key] as Expected;

  it('resolves into the expected scopes and step counts', () => {
    const role = resolveRole(catalog, key);
    expect(role.scopes.map((s) => [s.id, s.steps.length])).toEqual(expected.scopes);
    expect(resolveMemberRole(catalog, key).warnings).toEqual([]);
  });

  it('inherits what docs/product.md#roles says, and is or belongs to the right department', () => {
    expect(resolveRole(catalog, key).inherits).toEqual(expected.inherits);
    expect(config(key).isDepartment).toBe(expected.isDepartment);
    expect(config(key).parentDepartment).toBe(expected.parentDepartment);
  });

  it("gives its own steps the role's badge", () => {
    const categories = [...new Set(ownSteps(key).map((s) => s.category))];
    expect(categories).toEqual(expected.category === null ? [] : [expected.category]);
  });

  it('starts a pre-meeting scope with the nine volunteer steps in order (then the common steps for teams)', () => {
    const preMeeting = resolveRole(catalog, key).scopes.find((s) => s.id === 'pre-meeting');
    if (preMeeting === undefined) {
      expect(expected.scopes.map(([id]) => id)).not.toContain('pre-meeting');
      return;
    }
    const ids = preMeeting.steps.map((s) => s.id);
    expect(ids.slice(0, VOLUNTEER_STEPS.length)).toEqual(VOLUNTEER_STEPS);
    expect(ids.slice(VOLUNTEER_STEPS.length, VOLUNTEER_STEPS.length + COMMON_STEPS.length)).toEqual(COMMON_STEPS);
  });

  it('has the aliases of docs/product.md#roles, and each alias (any case) finds this role', () => {
    expect(config(key).aliases).toEqual(expected.aliases);
    for (const alias of expected.aliases) {
      expect(findRoleConfiguration(catalog, alias)).toEqual({ key, matchedBy: 'alias', name: alias.toLowerCase() });
      expect(findRoleConfiguration(catalog, ` ${alias.toUpperCase()} `).key).toBe(key);
    }
    expect(findRoleConfiguration(catalog, key.toUpperCase())).toEqual({ key, matchedBy: 'key', name: key });
  });

  it('has colours whose text colour (the luminance rule of docs/product.md#role-colours-and-labels) meets WCAG AA, 4.5:1', () => {
    const colors = Object.entries(config(key).colors);
    expect(colors.map(([name]) => name)).toContain('baseColor');
    for (const [name, color] of colors) {
      expect({ name, color, ratio: contrastRatio(color, textColorFor(color)) >= 4.5 }).toEqual({
        name,
        color,
        ratio: true,
      });
    }
  });

  it('repeats no step id, checklist item or acknowledgment, and names only known icons', () => {
    const role = resolveRole(catalog, key);
    const ids = orderedStepIds(role);
    expect(new Set(ids).size).toBe(ids.length);
    const icons = [config(key).icon];
    for (const step of role.scopes.flatMap((s) => s.steps)) {
      const items = [...step.content.checklist, ...step.content.acknowledgments];
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      icons.push(step.icon, ...items.flatMap((i) => (i.icon === undefined ? [] : [i.icon])));
    }
    expect(icons.filter((icon) => !(ICON_NAMES as readonly string[]).includes(icon))).toEqual([]);
  });
});

describe('details of docs/product.md#roles', () => {
  it('labels the roles by the display-label rule', () => {
    for (const key of LABELLED_ROLES) expect(config(key).displayName).toBe(formatRoleLabel(key));
  });

  it('resolves job titles that contain an alias', () => {
    expect(findRoleConfiguration(catalog, 'Director of Finance and Operations')).toEqual({
      key: 'finance',
      matchedBy: 'contains',
      name: 'director of finance',
    });
    expect(findRoleConfiguration(catalog, 'Senior Marketing Lead').key).toBe('external');
    expect(findRoleConfiguration(catalog, 'Head of HR & Culture').key).toBe('hr');
  });

  it('gives blog writers and content creators every external step, in order, without inheriting', () => {
    const external = orderedStepIds(resolveRole(catalog, 'external'));
    for (const key of ['blog writer', 'content creator']) {
      const ids = orderedStepIds(resolveRole(catalog, key));
      expect(ids.filter((id) => external.includes(id))).toEqual(external);
    }
  });

  it("gives every member with the volunteer steps a 'Your People' step, whose content invents no person or address", () => {
    // docs/product.md#your-people: a contact step without a shared password shows the member's lead and buddy; the
    // content's own contact is a team inbox nobody has confirmed yet (docs/product.md#placeholders).
    for (const key of ROLES.filter((k) => !['test', 'account', 'common'].includes(k))) {
      const steps = resolveRole(catalog, key).scopes.flatMap((s) => s.steps);
      const people = steps.find((s) => s.id === 'meet-your-people');
      expect(people, key).toMatchObject({ title: 'Meet your people', isContactStep: true, category: 'Volunteer' });
      expect(people?.envVariable, key).toBeUndefined();
    }
    const [people] = ownSteps('volunteer').filter((s) => s.id === 'meet-your-people');
    expect(people?.content.contacts.map((c) => c.email)).toEqual(['people@inspired2uplift.org']);
    for (const contact of people?.content.contacts ?? []) {
      expect(isPlaceholder(contact.bio), contact.name).toBe(true);
      expect(UNCONFIRMED_EMAIL_SENTENCE.test(contact.bio ?? ''), contact.name).toBe(true);
    }
  });

  it('shows the account notice to the account role', () => {
    const [notice, ...rest] = resolveRole(catalog, 'account').scopes.flatMap((s) => s.steps);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      title: "You're an account!",
      category: 'Account',
      completeButtonText: 'Acknowledge',
      mobileCompleteButtonText: 'OK',
    });
    expect(notice?.description).toMatch(/personal account/);
  });

  it("puts the five values and a 7-item checklist in the test role's first scope (the demo page)", () => {
    const [first] = resolveRole(catalog, 'test').scopes;
    const steps = first?.steps ?? [];
    const values = steps.filter((s) => s.isAcknowledgmentStep).flatMap((s) => s.content.acknowledgments);
    expect(values.map((a) => a.content.split(' — ')[0])).toEqual([
      'Inclusion',
      'Empowerment',
      'Innovation',
      'Collaboration',
      'Integrity',
    ]);
    const checklists = steps.filter((s) => s.isChecklistStep);
    expect(checklists.map((s) => s.content.checklist.length)).toEqual([7]);
  });
});
