import { describe, expect, it } from 'vitest';
import { testOnboarding, testUser } from '@/test/fixtures';
import {
  apiErrorDecoder,
  isUser,
  meResponseDecoder,
  onboardingResponseDecoder,
  stepItemProgressDecoder,
} from './decoders';

describe('the light checks of API answers (docs/architecture.md#client-bundle)', () => {
  it('accept what the server sends', () => {
    expect(meResponseDecoder.safeParse({ user: testUser })).toEqual({ success: true, data: { user: testUser } });
    const onboarding = testOnboarding({ completed: ['set-up-slack'] });
    expect(onboardingResponseDecoder.safeParse(onboarding)).toEqual({ success: true, data: onboarding });
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
    const { progress, preview: _preview, canPreviewRoles: _can, previewRoles: _roles, ...rest } = testOnboarding();
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
    expect(onboardingResponseDecoder.safeParse({ ...testOnboarding(), scopes: 'none' }).success).toBe(false);
    expect(onboardingResponseDecoder.safeParse({ ...testOnboarding(), progress: { completed: null } }).success).toBe(
      false,
    );
    expect(isUser({ ...testUser, isDevelopmentUser: 'yes' })).toBe(false);
    expect(apiErrorDecoder.safeParse({ statusCode: 503, error: 'Service Unavailable' }).success).toBe(false);
  });
});
