import { describe, expect, it } from 'vitest';
import { roleConfigurationSchema } from '@shared/content-schema';
import { changeSentences, TEAM_TASKS_FOLLOW_SENTENCE } from './change-sentences';

/** The publish dialog's sentences about team tasks (docs/product.md#team-tasks). */

const role = (teamTasks: unknown[]) =>
  roleConfigurationSchema.parse({
    key: 'volunteer',
    displayName: 'Volunteer',
    version: '1.0',
    icon: 'HeartHandshake',
    colors: { baseColor: '#15803d' },
    teamTasks,
  });
const call = {
  id: 'book-welcome-call',
  title: 'Book a welcome call',
  description: 'Book it.',
  who: 'lead',
  dueAfterDays: 5,
};

describe('change sentences of team tasks', () => {
  it('says which team task changed and that tasks not yet done follow', () => {
    const sentences = changeSentences([role([call])], [role([{ ...call, dueAfterDays: 3, who: 'buddy' }])]);
    expect(sentences.map((s) => s.text)).toEqual([
      'Changed the people who do it of the team task ‘Book a welcome call’ (Volunteer).',
      'Changed the due date (days from the start date) of the team task ‘Book a welcome call’ (Volunteer).',
      TEAM_TASKS_FOLLOW_SENTENCE,
    ]);
  });

  it('names added and removed team tasks, and says nothing of team tasks when none changed', () => {
    const hello = { id: 'say-hello', title: 'Say hello', description: 'Hi.', who: 'buddy', dueAfterDays: 1 };
    expect(changeSentences([role([call])], [role([hello])]).map((s) => s.text)).toEqual([
      'Added the team task ‘Say hello’ to Volunteer.',
      'Removed the team task ‘Book a welcome call’ from Volunteer.',
      TEAM_TASKS_FOLLOW_SENTENCE,
    ]);
    expect(changeSentences([role([call])], [role([call])])).toEqual([]);
  });
});
