import type { Onboarding } from '@shared/onboarding-join';
import { useMemo } from 'react';
import { useSetStepItem } from '../api/set-step-item';
import { useSetStepProgress } from '../api/set-step-progress';
import { doneItemsLookup, type OnboardingProgress } from '../utils/onboarding-progress';

/**
 * The dashboard's progress: the member's progress of record from GET /api/onboarding, changed through the progress
 * writes (optimistic, rolled back on failure). With `readOnly` (a role preview) nothing is written.
 * @param progress the `progress` of the onboarding answer shown
 * @param readOnly true in a role preview
 */
export function useServerProgress(progress: Onboarding['progress'], readOnly: boolean): OnboardingProgress {
  const { mutate: setStepProgress } = useSetStepProgress();
  const { mutate: setStepItem } = useSetStepItem();
  return useMemo(
    () => ({
      completedIds: progress.completed.map((c) => c.stepId),
      doneItemsOf: doneItemsLookup(progress.items),
      setStepCompleted: (step, completed) => {
        if (!readOnly) setStepProgress({ stepId: step.id, completed });
      },
      setItemDone: (step, itemId, done) => {
        if (!readOnly) setStepItem({ step, itemId, done });
      },
      readOnly,
      agreementOf: (stepId) => progress.agreements.find((a) => a.stepId === stepId),
    }),
    [progress, readOnly, setStepProgress, setStepItem],
  );
}
