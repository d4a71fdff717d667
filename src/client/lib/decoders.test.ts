import { teamTaskListSchema } from '@shared/team-tasks-api';
import { describe, expect, it } from 'vitest';
import { testOnboarding, testTeamTask, testUser } from '@/test/fixtures';
import { onboardingAnswers } from '@/test/onboarding-answers';
import {
  apiErrorDecoder,
  isUser,
  meResponseDecoder,
  onboardingResponseDecoder,
  roleContentDecoder,
  stepItemProgressDecoder,
  teamTaskListDecoder,
} from './decoders';

describe('the light checks of API answers (docs/architecture.md#client-bundle)', () => {
  it('accept what the server sends', () => {
    expect(meResponseDecoder.safeParse({ user: testUser })).toEqual({ success: true, data: { user: testUser } });
    const { answer: onboarding, content } = onboardingAnswers(testOnboarding({ completed: ['set-up-slack'] }));
    expect(onboardingResponseDecoder.safeParse(onboarding)).toEqual({ success: true, data: onboarding });
    expect(roleContentDecoder.safeParse(content)).toEqual({ success: true, data: content });
    const adjusted = { ...onboarding, adjustments: { skipped: ['set-up-slack'], extraScope: null } };
    expect(onboardingResponseDecoder.safeParse(adjusted)).toEqual({ success: true, data: adjusted });
    const item = {
      stepId: 's',
      itemId: 'i',
      done: true,
      doneAt: 't',
      step: { stepId: 's', completed: false, completedAt: null },
    };
    expect(stepItemProgressDecoder.safeParse(item)).toEqual({ success: true, data: item });
  });

  it('fill the defaults of the shared schema when an answer leaves them out', () => {
    const { answer } = onboardingAnswers(testOnboarding());
    const { progress, preview: _preview, canPreviewRoles: _can, previewRoles: _roles, ...rest } = answer;
    const parsed = onboardingResponseDecoder.safeParse({ ...rest, progress: { completed: progress.completed } });
    expect(parsed.success && parsed.data.progress.items).toEqual([]);
    expect(parsed.success && [parsed.data.preview, parsed.data.canPreviewRoles, parsed.data.previewRoles]).toEqual([
      false,
      false,
      [],
    ]);
  });

  it('refuse answers of another shape', () => {
    for (const answer of [
      null,
      'text',
      [],
      {},
      { user: { ...testUser, id: 1 } },
      { user: { ...testUser, picture: undefined } },
    ]) {
      expect(meResponseDecoder.safeParse(answer).success).toBe(false);
    }
    const { answer } = onboardingAnswers(testOnboarding());
    expect(onboardingResponseDecoder.safeParse({ ...answer, content: 7 }).success).toBe(false);
    expect(onboardingResponseDecoder.safeParse({ ...answer, progress: { completed: null } }).success).toBe(false);
    // An answer of the earlier shape, with the steps in it and no address of the role's content.
    expect(onboardingResponseDecoder.safeParse(testOnboarding()).success).toBe(false);
    expect(roleContentDecoder.safeParse({ scopes: 'none' }).success).toBe(false);
    expect(isUser({ ...testUser, isDevelopmentUser: 'yes' })).toBe(false);
    expect(apiErrorDecoder.safeParse({ statusCode: 503, error: 'Service Unavailable' }).success).toBe(false);
  });
});

describe('the team tasks list (every page header asks for it, so it is checked without zod)', () => {
  const task = testTeamTask({
    id: '6f1c2d3e-0000-4000-8000-000000000001',
    title: 'Say hello in Slack',
    dueOn: '2026-12-02',
    who: 'buddy',
  });
  const list = { today: '2026-12-01', tasks: [task] };

  it('accepts what the server sends (an answer its shared schema accepts)', () => {
    expect(teamTaskListSchema.parse(list)).toEqual(list);
    expect(teamTaskListDecoder.safeParse(list)).toEqual({ success: true, data: list });
    expect(teamTaskListDecoder.safeParse({ today: '2026-12-01', tasks: [] }).success).toBe(true);
  });

  it('refuses a list of another shape', () => {
    for (const answer of [
      { tasks: [task] },
      { today: '2026-12-01', tasks: null },
      { today: '2026-12-01', tasks: [{ ...task, status: 'started' }] },
      { today: '2026-12-01', tasks: [{ ...task, overdue: 'no' }] },
      { today: '2026-12-01', tasks: [{ ...task, newcomer: 'sam@inspired2uplift.org' }] },
      { today: '2026-12-01', tasks: ['a task'] },
    ]) {
      expect(teamTaskListDecoder.safeParse(answer).success).toBe(false);
    }
  });
});
