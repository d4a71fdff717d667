import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDaySchema, roleConfigurationSchema, stepSchema } from './content-schema.js';
import { safeguardingQuiz } from './test-quiz.js';

/**
 * What may be done before the first day (docs/product.md#pre-boarding): the content check refuses `beforeFirstDay` on
 * exactly the steps that need the member's Google account or show others' data, whatever else the step has.
 */

const WHY = 'a step before the first day cannot';

const plain = {
  id: 'what-to-expect',
  title: 'What to expect',
  description: 'Your first day.',
  icon: 'Map',
  category: 'Volunteer',
  content: { details: ['A call of 30 minutes.'], tasks: ['Read it.'] },
};

/** Each thing a step before the first day may not have, as step fields, and where the check says so. */
const FORBIDDEN = {
  envVariable: { fields: { envVariable: { name: 'TEST_PASS', requiredRole: ['*'] } }, path: 'envVariable' },
  signature: { fields: { signature: true }, path: 'signature' },
  acknowledgments: { fields: { isAcknowledgmentStep: true }, path: 'isAcknowledgmentStep' },
  checklist: { fields: { isChecklistStep: true }, path: 'isChecklistStep' },
  contacts: { fields: { isContactStep: true }, path: 'isContactStep' },
  document: {
    fields: { requiresScrollOrDownload: true, pdfUrl: '/content/agreement.pdf' },
    path: 'requiresScrollOrDownload',
  },
  quiz: { fields: { quiz: safeguardingQuiz('unlimited') }, path: 'quiz' },
  file: {
    fields: {
      form: {
        allowChanges: true,
        fields: [
          { id: 'name', kind: 'short-text', label: 'Your name' },
          { id: 'plan', kind: 'file', label: 'Your plan' },
        ],
      },
    },
    path: 'form.fields.1.kind',
  },
} as const;

type Feature = keyof typeof FORBIDDEN;
const FEATURES = Object.keys(FORBIDDEN) as Feature[];

/** The before-the-first-day problems the content check finds in a step, by path. */
function refusals(step: Record<string, unknown>): string[] {
  const parsed = stepSchema.safeParse(step);
  if (parsed.success) return [];
  return parsed.error.issues
    .filter((issue) => issue.message.startsWith(WHY))
    .map((issue) => issue.path.join('.'))
    .sort();
}

describe('steps before the first day', () => {
  it('are refused exactly for what needs the account or shows others’ data, whatever the step combines', () => {
    fc.assert(
      fc.property(fc.subarray(FEATURES), fc.boolean(), (present, marked) => {
        const step = Object.assign({ ...plain }, ...present.map((f) => FORBIDDEN[f].fields), {
          ...(marked ? { beforeFirstDay: true } : {}),
        }) as Record<string, unknown>;
        expect(refusals(step)).toEqual(marked ? present.map((f) => FORBIDDEN[f].path).sort() : []);
      }),
      { numRuns: 200 },
    );
  });

  it('take a reading step and a form without file questions', () => {
    const form = {
      allowChanges: true,
      fields: [{ id: 'help', kind: 'long-text', label: 'What helps?', sensitive: true }],
    };
    expect(stepSchema.safeParse({ ...plain, beforeFirstDay: true }).success).toBe(true);
    expect(stepSchema.safeParse({ ...plain, beforeFirstDay: true, form }).success).toBe(true);
  });
});

describe("a role's first day and messages before it", () => {
  const role = {
    key: 'volunteer',
    displayName: 'Volunteer',
    version: '1.0',
    icon: 'HeartHandshake',
    colors: { baseColor: '#15803d' },
    scopes: [],
  };
  const mail = (id: string) => ({ id, daysBefore: 1, subject: 'See you tomorrow', paragraphs: ['Tomorrow.'] });

  it('refuses a message id used twice, at the repeat', () => {
    const parsed = roleConfigurationSchema.safeParse({
      ...role,
      preboardingMails: [mail('see-you'), mail('reminder'), mail('see-you')],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['preboardingMails.2.id', 'pre-boarding message id "see-you" is used twice'],
    ]);
    expect(roleConfigurationSchema.safeParse({ ...role, preboardingMails: [mail('a'), mail('b')] }).success).toBe(true);
  });

  it('takes a time of day as HH:MM only, and a call link content may use', () => {
    for (const time of ['00:00', '09:05', '17:30', '23:59'])
      expect(firstDaySchema.safeParse({ time }).success).toBe(true);
    for (const time of ['24:00', '9:05', '17:60', '5pm', ''])
      expect(firstDaySchema.safeParse({ time }).success).toBe(false);
    expect(firstDaySchema.safeParse({ callLink: 'https://meet.example.org/x' }).success).toBe(true);
    expect(firstDaySchema.safeParse({ callLink: 'javascript:alert(1)' }).success).toBe(false);
    expect(firstDaySchema.parse({})).toEqual({ details: [] });
  });
});
