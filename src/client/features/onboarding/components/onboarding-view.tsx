import type { Onboarding } from '@shared/onboarding-join';
import type { Step } from '@shared/content-schema';
import { deriveProgress } from '@shared/progress';
import { dueLabel } from '@shared/due-label';
import { orderedStepIds } from '@shared/roles';
import type { SecretRefusalReason } from '@shared/secret-access';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Monitor from 'lucide-react/icons/monitor';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { markCelebrated, wasCelebrated } from '../utils/celebration';
import { useIsMobile } from '@/hooks/use-media-query';
import { Button } from '@/components/ui/button';
import { playConfetti } from '@/lib/confetti';
import type { OnboardingProgress } from '../utils/onboarding-progress';
import { isAccountRole, roleAccentColor } from '../utils/role';
import { AccountNotice } from './account-notice';
import { useMobileWarningDismissed } from './mobile-warning-storage';
import { ProgressPanel } from './progress-panel';
import { ScopeSection } from './scope-section';
import { StepCard } from './step-card';

interface OnboardingViewProps {
  role: Onboarding['role'];
  scopes: Onboarding['scopes'];
  /** Where progress is read and written: the server (dashboard) or the browser (demo page). */
  progress: OnboardingProgress;
  /** The signed-in person's name, for the welcome line. */
  userName: string;
  /** The signed-in person's role text (an 'account' role shows the account notice). */
  userRole: string;
  /** Pieces of confetti at 100% (docs/product.md#constants: 400 on the dashboard, 300 on the demo page). */
  confettiPieces: number;
  /**
   * Names this completion for "celebrated once" (docs/product.md#progress-rules), e.g. `{userId}:{roleKey}`. When the
   * view opens at 100%, confetti plays only if this browser has not celebrated the key yet; reaching 100% while the
   * view is open always plays. Undefined: only reaching 100% while the view is open plays (a role preview).
   */
  celebrationKey?: string | undefined;
  /** Why shared passwords are hidden here (docs/product.md#shared-passwords), or null. */
  passwordHiddenReason: SecretRefusalReason | null;
  /** The progress panel's label instead of 'Your progress' (a role preview says whose steps these are). */
  progressLabel?: string | undefined;
  /** Shown between the progress panel and the steps (e.g. the role preview banner). */
  notice?: ReactNode;
  /** Each step's due date and days late (docs/product.md#due-dates-and-reminders); none in a preview or the demo. */
  dueDates?: ReadonlyMap<string, { dueOn: string; daysLate: number }>;
  /** A step to open first and scroll to (the dashboard's `?step=`, a reminder's link), when it is one of these. */
  initialStepId?: string | undefined;
}

/** The element id of a step's list item (the target of a reminder's link). */
const stepAnchorId = (stepId: string) => `step-${stepId}`;

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * The steps of a role (docs/product.md#dashboard): progress panel, then one block per scope with its step cards. Only
 * one step is open at a time; the active step starts open, and completing the open step opens the next one. The scope
 * under the mouse or holding the open step is highlighted. At 100% the 'Onboarding complete!' card shows and confetti
 * plays.
 */
export function OnboardingView(props: OnboardingViewProps) {
  const {
    role,
    scopes,
    progress,
    userName,
    userRole,
    confettiPieces,
    celebrationKey,
    passwordHiddenReason,
    notice,
    dueDates,
    initialStepId,
  } = props;
  const { progressLabel } = props;
  const isMobile = useIsMobile();
  const mobileWarningDismissed = useMobileWarningDismissed();
  const ids = orderedStepIds({ scopes });
  const derived = deriveProgress(ids, progress.completedIds);
  const activeId = derived.statuses[derived.currentIndex] === 'active' ? ids[derived.currentIndex] : undefined;
  // undefined = nothing chosen yet, so the active step is open; null = the person closed everything.
  const [chosenOpenId, setChosenOpenId] = useState<string | null | undefined>(() =>
    initialStepId !== undefined && ids.includes(initialStepId) ? initialStepId : undefined,
  );
  // A reminder's link: the step it names is open, and brought into view once, on arrival (later changes of the open
  // step are the person's own).
  const broughtIntoView = useRef(false);
  const linkedStepShown = initialStepId !== undefined && ids.includes(initialStepId);
  useEffect(() => {
    if (broughtIntoView.current || !linkedStepShown || initialStepId === undefined) return;
    broughtIntoView.current = true;
    document.getElementById(stepAnchorId(initialStepId))?.scrollIntoView({ block: 'start' });
  }, [initialStepId, linkedStepShown]);
  const [hoveredScopeId, setHoveredScopeId] = useState<string | null>(null);
  const openId = chosenOpenId === undefined ? (activeId ?? null) : chosenOpenId;
  // A form or quiz completes from inside its card: the card stays open, so the person sees what happened (as the last
  // tick of a checklist). Pinned as a derived state while rendering, before the completion can move the active step.
  const openStep = scopes.flatMap((scope) => scope.steps).find((step) => step.id === openId);
  if (chosenOpenId === undefined && openId !== null && (openStep?.form ?? openStep?.quiz) !== undefined) {
    setChosenOpenId(openId);
  }
  // One step at a time (docs/product.md#reading-and-display): the step shown is the open (or active, or last) one until
  // the member acts on it — opens or closes it, completes it, or moves — and then stays put until they move.
  const [pinnedStepId, setPinnedStepId] = useState<string | undefined>(undefined);
  const shownStepId =
    pinnedStepId !== undefined && ids.includes(pinnedStepId) ? pinnedStepId : (openId ?? activeId ?? ids.at(-1));
  const pinShownStep = () => {
    if (pinnedStepId === undefined) setPinnedStepId(shownStepId);
  };
  const focusAfterMove = useRef(false);
  useEffect(() => {
    if (!focusAfterMove.current || shownStepId === undefined) return;
    focusAfterMove.current = false;
    // The new step's title (its toggle) takes focus: a screen reader reads which step this is, and Tab goes on into it.
    const toggle = document.getElementById(stepAnchorId(shownStepId))?.querySelector<HTMLElement>('h3 button');
    toggle?.focus({ preventScroll: true });
    document.getElementById(stepAnchorId(shownStepId))?.scrollIntoView({ block: 'nearest' });
  }, [shownStepId]);
  const moveBy = (delta: -1 | 1) => {
    const target = ids[(shownStepId === undefined ? 0 : ids.indexOf(shownStepId)) + delta];
    if (target === undefined) return;
    focusAfterMove.current = true;
    setPinnedStepId(target);
    setChosenOpenId(target);
  };
  const accent = roleAccentColor(role.colors.baseColor);
  const isAccount = isAccountRole(role.key) || isAccountRole(userRole);
  const allDone = !isAccount && derived.total > 0 && derived.percent === 100;

  // docs/product.md#progress-rules: 10 s of confetti when the onboarding is completed — once. Reaching 100% here plays
  // it; opening a page already at 100% plays it only if this browser has not celebrated this completion yet. Stopped
  // when leaving the page or no longer at 100%. (The previous value is kept in state, not a ref, so that React's
  // double-run of effects in development changes nothing.)
  const [celebration, setCelebration] = useState(() => ({
    wasDone: allDone,
    play: allDone && celebrationKey !== undefined && !wasCelebrated(celebrationKey),
  }));
  if (celebration.wasDone !== allDone) setCelebration({ wasDone: allDone, play: allDone });
  const celebrate = celebration.play && allDone;
  useEffect(() => {
    if (!celebrate) return undefined;
    if (celebrationKey !== undefined) markCelebrated(celebrationKey);
    return playConfetti(confettiPieces);
  }, [celebrate, celebrationKey, confettiPieces]);

  if (isAccount) {
    return (
      <div className="space-y-6">
        <h2 className="text-xl font-bold tracking-tight sm:text-2xl">Welcome, {firstNameOf(userName)}!</h2>
        {notice}
        <AccountNotice />
      </div>
    );
  }

  /** Completing the open step opens the next one. */
  const openNextAfter = (step: Step) => {
    pinShownStep();
    if (openId !== step.id) return;
    const next = deriveProgress(ids, [...progress.completedIds, step.id]);
    const nextId = ids[next.currentIndex];
    setChosenOpenId(nextId !== undefined && next.statuses[next.currentIndex] === 'active' ? nextId : null);
  };

  const setCompleted = (step: Step, completed: boolean) => {
    progress.setStepCompleted(step, completed);
    if (completed) openNextAfter(step);
  };

  const setItemDone = (step: Step, itemId: string, done: boolean) => {
    // The last tick completes the step; it stays open, so the person sees what happened.
    if (chosenOpenId === undefined) setChosenOpenId(openId);
    progress.setItemDone(step, itemId, done);
  };

  const completedIds = new Set(progress.completedIds);
  const dueOf = (stepId: string) => {
    const due = dueDates?.get(stepId);
    return due === undefined || completedIds.has(stepId)
      ? undefined
      : { label: dueLabel(due.dueOn, due.daysLate), overdue: due.daysLate > 0 };
  };
  const overdueCount = ids.filter((id) => dueOf(id)?.overdue === true).length;

  // Each scope's first global index, so cards stagger and map to statuses across all scopes.
  const offsets = scopes.map((_, s) => scopes.slice(0, s).reduce((sum, scope) => sum + scope.steps.length, 0));
  return (
    <div className="space-y-8">
      <ProgressPanel
        firstName={firstNameOf(userName)}
        percent={derived.percent}
        completedCount={derived.completedCount}
        total={derived.total}
        accent={accent}
        overdueCount={overdueCount}
        progressLabel={progressLabel}
      />
      {notice}
      {/* Only where the mobile warning applies (under 768 px): on a computer the advice would be beside the point. Shown by
          the style sheet, not the script, so that the page the server rendered has it in place on a phone from the first
          paint (docs/decisions/030-dashboard-first-screen-from-the-server.md). Not once the member has dismissed the
          warning: it would repeat what they just closed (the server knows it from the dismissal's cookie). */}
      {!mobileWarningDismissed && (
        <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 md:hidden">
          <Monitor aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Onboarding is meant to be used on a personal computer. Some steps may be harder to do on a phone.
        </p>
      )}
      {scopes.map((scope, s) => (
        <ScopeSection
          key={scope.id}
          scope={scope}
          accent={accent}
          highlighted={
            hoveredScopeId === scope.id || (openId !== null && scope.steps.some((step) => step.id === openId))
          }
          onHoverChange={(hovered) =>
            setHoveredScopeId((current) => (hovered ? scope.id : current === scope.id ? null : current))
          }
        >
          <HydratedAfterTheFirstScreen firstIndex={offsets[s] ?? 0}>
            {scope.steps.map((step, j) => {
              const i = (offsets[s] ?? 0) + j;
              return (
                <li
                  key={step.id}
                  id={stepAnchorId(step.id)}
                  className="scroll-mt-4"
                  // One step at a time shows only this one (src/client/styles/index.css).
                  data-shown-step={shownStepId === step.id ? '' : undefined}
                >
                  <StepCard
                    step={step}
                    due={dueOf(step.id)}
                    index={i}
                    status={derived.statuses[i] ?? 'pending'}
                    isOpen={openId === step.id}
                    onToggle={() => {
                      pinShownStep();
                      setChosenOpenId(openId === step.id ? null : step.id);
                    }}
                    onSetCompleted={(completed) => setCompleted(step, completed)}
                    doneItems={progress.doneItemsOf(step.id)}
                    onItemChange={(itemId, done) => setItemDone(step, itemId, done)}
                    readOnly={progress.readOnly}
                    password={step.envVariable ? { value: undefined, hiddenReason: passwordHiddenReason } : undefined}
                    isMobile={isMobile}
                    accent={accent}
                    agreement={progress.agreementOf?.(step.id)}
                    canSign={progress.agreementOf !== undefined}
                    onSigned={() => openNextAfter(step)}
                  />
                </li>
              );
            })}
          </HydratedAfterTheFirstScreen>
        </ScopeSection>
      ))}
      {shownStepId !== undefined ? (
        <StepByStepNav position={ids.indexOf(shownStepId) + 1} total={ids.length} onMove={moveBy} />
      ) : null}
    </div>
  );
}

/** How many step cards a phone's first screen shows at most, under the header and the progress panel. */
const FIRST_SCREEN_STEPS = 3;

/**
 * A scope's step cards, those a phone's first screen does not show hydrated after it
 * (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md): the cards from the fourth of the page on are one
 * `<Suspense>` boundary per scope. When React hydrates the page the server rendered, it hydrates such a boundary in a
 * pass of its own, at idle priority, after the rest of the page has been hydrated and committed: the first screen's
 * controls work as soon as they would have, and the work of hydrating the later cards no longer makes the page's one
 * commit and its effects longer. A click or key press on a card not hydrated yet makes React hydrate it at once, then
 * it acts. In any other render (no server HTML) nothing suspends here, and the boundary changes nothing.
 * @param firstIndex the page-wide index of the scope's first card
 * @param children the scope's cards (list items), in order
 */
function HydratedAfterTheFirstScreen({ firstIndex, children }: { firstIndex: number; children: ReactNode[] }) {
  const shown = Math.max(0, FIRST_SCREEN_STEPS - firstIndex);
  if (children.length <= shown) return children;
  return (
    <>
      {children.slice(0, shown)}
      <Suspense fallback={null}>{children.slice(shown)}</Suspense>
    </>
  );
}

/** The step buttons' look in a narrow step bar: no arrows, less padding. */
const NAV_NARROW = '@max-[14rem]:px-2 @max-[14rem]:[&_svg]:hidden';

/**
 * 'Previous step', the position ('Step 2 of 5', announced when it changes) and 'Next step' under the one step shown
 * (docs/product.md#reading-and-display: one step at a time). Always rendered — the server does not know the preference
 * when it renders the first screen — and shown by the style sheet only under `<html data-steps="one">`.
 */
function StepByStepNav({
  position,
  total,
  onMove,
}: {
  position: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
}) {
  return (
    // Under 14 rem (a phone at 150% text or more) the buttons drop their arrows and some padding, so that no word of
    // their labels breaks (docs/product.md#accessibility: Reflow).
    <nav
      aria-label="Steps"
      data-step-nav=""
      className="@container flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3"
    >
      <Button variant="outline" disabled={position <= 1} onClick={() => onMove(-1)} className={NAV_NARROW}>
        <ChevronLeft aria-hidden="true" />
        Previous step
      </Button>
      <p role="status" className="text-sm font-semibold text-slate-800">
        Step {position} of {total}
      </p>
      <Button variant="outline" disabled={position >= total} onClick={() => onMove(1)} className={NAV_NARROW}>
        Next step
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
