import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EASY_READ_SENTENCE_MAX, roleConfigurationSchema, stepSchema } from '../../shared/content-schema.js';
import { isPlaceholder } from '../../shared/placeholders.js';

/**
 * A step's easy-read version in the shared content schema (docs/product.md#easy-read): short sentences, one thing
 * each, each with an optional picture that has alt text; every problem is refused with a message saying what to do.
 */

const STEP = {
  id: 'set-up-slack',
  title: 'Set up Slack',
  description: 'Join Slack.',
  icon: 'Slack',
  category: 'Volunteer',
};

/** The messages of what is wrong with a step with `easyRead`, by path. */
function problems(easyRead: unknown): Record<string, string> {
  const result = stepSchema.safeParse({ ...STEP, easyRead });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('easy-read versions in the content schema', () => {
  it('takes short sentences, a picture with its alt text, and no version at all', () => {
    const step = stepSchema.parse({
      ...STEP,
      easyRead: [
        { text: 'Slack is the app where we chat.' },
        {
          text: 'Say hello in the #general channel.',
          picture: { src: '/content/images/hello.png', alt: 'A hand waving' },
        },
      ],
    });
    expect(step.easyRead).toEqual([
      { text: 'Slack is the app where we chat.' },
      {
        text: 'Say hello in the #general channel.',
        picture: { src: '/content/images/hello.png', alt: 'A hand waving' },
      },
    ]);
    expect(stepSchema.parse(STEP).easyRead).toBeUndefined();
  });

  it.each([
    ['an empty list', [], '', 'an easy-read version needs at least one sentence'],
    ['an empty sentence', [{ text: '  ' }], '0.text', 'write the sentence'],
    [
      'a long sentence',
      [{ text: `${'word '.repeat(EASY_READ_SENTENCE_MAX / 5)}end.` }],
      '0.text',
      `must be a short sentence: at most ${EASY_READ_SENTENCE_MAX} characters`,
    ],
    [
      'two sentences in one',
      [{ text: 'Open Slack. Say hello.' }],
      '0.text',
      'must be one sentence saying one thing: split it into two sentences',
    ],
    [
      'a question and an answer in one',
      [{ text: 'No phone? That is fine.' }],
      '0.text',
      'must be one sentence saying one thing: split it into two sentences',
    ],
    [
      'a picture without alt text',
      [{ text: 'Wave.', picture: { src: '/content/images/hello.png', alt: '' } }],
      '0.picture.alt',
      'a picture needs alt text: say what it shows, for people who cannot see it',
    ],
    [
      'a picture from another site',
      [{ text: 'Wave.', picture: { src: '//elsewhere.example/a.png', alt: 'A hand' } }],
      '0.picture.src',
      'must be an https:// URL, a mailto: address or a path on this site starting with a single "/"',
    ],
    ['an unknown field', [{ text: 'Wave.', colour: 'red' }], '0', 'Unrecognized key: "colour"'],
  ])('refuses %s with a message saying what to do', (_what, easyRead, at, message) => {
    expect(problems(easyRead)[['easyRead', at].filter(Boolean).join('.')]).toBe(message);
  });

  it('gives every step of the volunteer role an easy-read version, marked as a placeholder until it is confirmed', () => {
    const file = path.resolve(import.meta.dirname, '../../../content/roles/volunteer.yaml');
    const volunteer = roleConfigurationSchema.parse(parse(readFileSync(file, 'utf8')));
    const steps = volunteer.scopes.flatMap((scope) => scope.steps);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    for (const step of steps) {
      expect(step.easyRead?.length, step.id).toBeGreaterThanOrEqual(5);
      expect(
        step.easyRead?.some((sentence) => isPlaceholder(sentence.text)),
        step.id,
      ).toBe(true);
    }
  });
});
