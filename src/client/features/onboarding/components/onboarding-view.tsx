import type { OnboardingResponse } from '@shared/api';
import { deriveProgress } from '@shared/progress';
import { orderedStepIds } from '@shared/roles';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { useIsMobile } from '@/hooks/use-media-query';
import { useSetStepProgress } from '../api/set-step-progress';
import { isAccountRole, roleAccentColor } from '../utils/role';
import { AccountNotice } from './account-notice';
import { ProgressPanel } from './progress-panel';
import { ScopeSection } from './scope-section';
import { StepCard } from './step-card';

interface OnboardingViewProps {
  onboarding: OnboardingResponse;
  /** The signed-in person's name, for the welcome line. */
  userName: string;
  /** The signed-in person's role text (an 'account' role shows the account notice). */
  userRole: string;
}

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * The dashboard's main content (SPEC §2 Dashboard): progress panel, then one block per scope with its step cards.
 * Only one step is open at a time; the active step starts open, and completing the open step opens the next one.
 */
export function OnboardingView({ onboarding, userName, userRole }: OnboardingViewProps) {
  const isMobile = useIsMobile();
  const setStepProgress = useSetStepProgress();
  const ids = orderedStepIds(onboarding);
  const completedIds = onboarding.progress.completed.map((c) => c.stepId);
  const progress = deriveProgress(ids, completedIds);
  const activeId = progress.statuses[progress.currentIndex] === 'active' ? ids[progress.currentIndex] : undefined;
  // undefined = nothing chosen yet, so the active step is open; null = the person closed everything.
  const [chosenOpenId, setChosenOpenId] = useState<string | null | undefined>(undefined);
  const openId = chosenOpenId === undefined ? (activeId ?? null) : chosenOpenId;
  const accent = roleAccentColor(onboarding.role.colors.baseColor);

  if (isAccountRole(onboarding.role.key) || isAccountRole(userRole)) {
    return (
      <div className="space-y-6">
        <h2 className="text-xl font-bold tracking-tight sm:text-2xl">Welcome, {firstNameOf(userName)}!</h2>
        <AccountNotice />
      </div>
    );
  }

  const setCompleted = (stepId: string, completed: boolean) => {
    setStepProgress.mutate({ stepId, completed });
    if (completed && openId === stepId) {
      const next = deriveProgress(ids, [...completedIds, stepId]);
      const nextId = ids[next.currentIndex];
      setChosenOpenId(nextId !== undefined && next.statuses[next.currentIndex] === 'active' ? nextId : null);
    }
  };

  // Each scope's first global index, so cards stagger and map to statuses across all scopes.
  const offsets = onboarding.scopes.map((_, s) =>
    onboarding.scopes.slice(0, s).reduce((sum, scope) => sum + scope.steps.length, 0),
  );
  return (
    <div className="space-y-8">
      <ProgressPanel
        firstName={firstNameOf(userName)}
        percent={progress.percent}
        completedCount={progress.completedCount}
        total={progress.total}
        accent={accent}
      />
      <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
        <Monitor aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Onboarding is meant to be used on a personal computer. Some steps may be harder to do on a phone.
      </p>
      {onboarding.scopes.map((scope, s) => (
        <ScopeSection
          key={scope.id}
          scope={scope}
          accent={accent}
          highlighted={openId !== null && scope.steps.some((s) => s.id === openId)}
        >
          {scope.steps.map((step, j) => {
            const i = (offsets[s] ?? 0) + j;
            return (
              <li key={step.id}>
                <StepCard
                  step={step}
                  index={i}
                  status={progress.statuses[i] ?? 'pending'}
                  isOpen={openId === step.id}
                  onToggle={() => setChosenOpenId(openId === step.id ? null : step.id)}
                  onSetCompleted={(completed) => setCompleted(step.id, completed)}
                  isMobile={isMobile}
                  accent={accent}
                />
              </li>
            );
          })}
        </ScopeSection>
      ))}
    </div>
  );
}
