import { describe, expect, it } from 'vitest';
import { roleConfigurationSchema } from '@shared/content-schema';
import { changedTeamTasks, retakeSteps } from './catalog-edits';
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
      "Changed who does the team task ‘Book a welcome call’ (Volunteer): the leads of the newcomer's department → the newcomer's buddy.",
      'Changed the due date of the team task ‘Book a welcome call’ (Volunteer): 5 days after the start date → 3 days after the start date.',
      TEAM_TASKS_FOLLOW_SENTENCE,
    ]);
  });

  it('names added and removed team tasks, and says nothing of team tasks when none changed', () => {
    const hello = { id: 'say-hello', title: 'Say hello', description: 'Hi.', who: 'buddy', dueAfterDays: 1 };
    expect(changeSentences([role([call])], [role([hello])]).map((s) => s.text)).toEqual([
      "Added the team task ‘Say hello’ to Volunteer: done by the newcomer's buddy, due 1 day after the start date.",
      'Removed the team task ‘Book a welcome call’ from Volunteer.',
      TEAM_TASKS_FOLLOW_SENTENCE,
    ]);
    expect(changeSentences([role([call])], [role([call])])).toEqual([]);
  });
});

describe('change sentences of a rename', () => {
  const slack = {
    id: 'set-up-slack',
    title: 'Set up Slack',
    description: 'Join the workspace.',
    icon: 'MessageSquare',
    category: 'Volunteer',
    isChecklistStep: true,
    content: { checklist: [{ id: 'join', text: 'Join #general' }] },
  };
  const withSteps = (steps: unknown[]) =>
    roleConfigurationSchema.parse({
      key: 'volunteer',
      displayName: 'Volunteer',
      version: '1.0',
      icon: 'HeartHandshake',
      colors: { baseColor: '#15803d' },
      scopes: [{ id: 'start', title: 'Getting started', steps }],
    });

  it('says a step and an item were renamed, in words with the ids under Advanced, and not that one was removed and another added', () => {
    const renamed = {
      ...slack,
      id: 'join-slack',
      renamedFrom: 'set-up-slack',
      content: { checklist: [{ id: 'join-general', text: 'Join #general', renamedFrom: 'join' }] },
    };
    expect(changeSentences([withSteps([slack])], [withSteps([renamed])])).toEqual([
      {
        text: 'Changed the internal name of ‘Set up Slack’ (Volunteer); what members did on it moves with it.',
        advanced: 'Its id is now “join-slack” (it was “set-up-slack”).',
      },
      {
        text: "Changed the internal name of the checklist item ‘Join #general’ of ‘Set up Slack’ (Volunteer); members' ticks move with it.",
        advanced: 'Its id is now “join-general” (it was “join”).',
      },
    ]);
    // A renamed step whose title changed too: both, the title with its words marked.
    const retitled = changeSentences([withSteps([slack])], [withSteps([{ ...renamed, title: 'Join Slack' }])]);
    expect(retitled.map((s) => s.text)).toContain('Changed the title of ‘Set up Slack’ (Volunteer).');
    expect(retitled.map((s) => s.text).join(' ')).not.toMatch(/Added|Removed/u);
  });

  it('says a question and a team task were renamed, and that answers and tasks follow; a rename asks nobody again', () => {
    const form = {
      ...slack,
      isChecklistStep: false,
      content: {},
      form: { fields: [{ id: 'question-1', kind: 'short-text', label: 'Your T-shirt size', required: true }] },
    };
    const renamedForm = {
      ...form,
      form: {
        fields: [{ ...form.form.fields[0], id: 'your-t-shirt-size', renamedFrom: 'question-1' }],
      },
    };
    const before = roleConfigurationSchema.parse({ ...withSteps([form]), teamTasks: [call] });
    const after = roleConfigurationSchema.parse({
      ...withSteps([renamedForm]),
      teamTasks: [{ ...call, id: 'welcome-call', renamedFrom: call.id }],
    });
    expect(changeSentences([before], [after]).map((s) => s.text)).toEqual([
      "Changed the internal name of the question ‘Your T-shirt size’ of ‘Set up Slack’ (Volunteer); members' answers move with it.",
      'Changed the internal name of the team task ‘Book a welcome call’ (Volunteer); the tasks already made follow it.',
      TEAM_TASKS_FOLLOW_SENTENCE,
    ]);
    // The renamed required question is not a new required one; the renamed task's open tasks follow it.
    expect(retakeSteps([before], [after])).toEqual([]);
    expect(changedTeamTasks([before], [after])).toEqual([{ roleKey: 'volunteer', taskId: call.id }]);
  });
});

describe('change sentences of a role rename', () => {
  const finance = (key: string, extra: Record<string, unknown> = {}) =>
    roleConfigurationSchema.parse({
      key,
      displayName: 'Finance',
      version: '1.0',
      icon: 'DollarSign',
      colors: { baseColor: '#1d4ed8' },
      teamTasks: [call],
      ...extra,
    });
  const treasurer = (inherits: string[]) =>
    roleConfigurationSchema.parse({
      key: 'treasurer',
      displayName: 'Treasurer',
      version: '1.0',
      icon: 'DollarSign',
      colors: { baseColor: '#1d4ed8' },
      inherits,
    });

  it('says a renamed role in one sentence, not as a removed and an added role, and its references as unchanged', () => {
    const published = [finance('finance'), treasurer(['finance'])];
    const draft = [finance('money team', { renamedFrom: 'finance' }), treasurer(['money team'])];
    expect(changeSentences(published, draft).map((s) => s.text)).toEqual([
      'Changed the internal name of the role ‘Finance’; its members keep the role and their progress.',
    ]);
    // Its team tasks are found under its published key: unchanged, they are not listed as changed.
    expect(changedTeamTasks(published, draft)).toEqual([]);
  });

  it('still says a key changed without the mark (a role not published) as removed and added', () => {
    const sentences = changeSentences([finance('finance')], [finance('money team')]).map((s) => s.text);
    expect(sentences).toEqual(['Added the role Finance.', 'Removed the role Finance.']);
  });
});
