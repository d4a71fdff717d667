import type { Agreement } from '@shared/acknowledgments-api';
import type { Step } from '@shared/content-schema';
import type { StepStatus } from '@shared/progress';
import { areStepItemsDone, stepItems } from '@shared/step-items';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { DOCUMENT_WAIT_SECONDS, useDocumentGate } from '../hooks/use-document-gate';
import { roleAccentColor, roleTextColor, roleTextColorInThemes } from '../utils/role';
import { AgreementNotice } from './agreement-notice';
import { LazySignatureDialog, preloadStepWidgets } from './lazy-widgets';
import { ReadAloud } from './read-aloud';
import { StepContent } from './step-content';
import { StepIcon } from './step-icon';
import { StepStatusLabel } from './step-status-label';
import type { PasswordInfo } from './widgets/contacts';

export interface StepCardProps {
  step: Step;
  /** The step's due date as the member reads it ("Due Fri 5 Dec", "Overdue by 2 days"); none once completed. */
  due?: { label: string; overdue: boolean } | undefined;
  status: StepStatus;
  /** Position across all scopes; staggers the fade-in by 100 ms per index (docs/product.md#step-cards). */
  index: number;
  isOpen: boolean;
  onToggle: () => void;
  /** Completes (the complete button) or resets (the reset icon, the checklist's Reset) the step. */
  onSetCompleted: (completed: boolean) => void;
  /** Ids of the step's ticked checklist items and acknowledgments. */
  doneItems: ReadonlySet<string>;
  onItemChange: (itemId: string, done: boolean) => void;
  /** A role preview: every control is disabled. */
  readOnly: boolean;
  /**
   * A form's or quiz's questions are shown but cannot be answered (the studio's preview: the step may not be
   * published, so nothing can be stored or scored). The other controls stay as `readOnly` says.
   */
  answersReadOnly?: boolean;
  /** For a step with `envVariable`: the password line of its contacts. */
  password: PasswordInfo | undefined;
  isMobile: boolean;
  /** The role's accent colour (already readable on white). */
  accent: string;
  /** The member's latest agreement to this step, when it asks for one (the dashboard only). */
  agreement?: Agreement | undefined;
  /**
   * Whether a step that asks for a signature is signed through the signature dialog (the dashboard). Without it (the
   * demo page) the button completes the step as any other.
   */
  canSign?: boolean;
  /** Called once the step is signed (and completed on the server). */
  onSigned?: () => void;
}

/** Why the complete button is disabled (docs/product.md#step-cards). */
type Lock = 'preview' | 'checklist' | 'acknowledgment' | 'document' | 'form' | 'quiz' | null;

/**
 * Why the button is locked, for an open card (the items or the document are shown under the hint) and for a closed one
 * (nothing is shown under it: the hint says to open the step).
 */
export const LOCK_HINTS: Record<Exclude<Lock, null | 'preview'>, { open: string; closed: string }> = {
  checklist: {
    open: 'Tick every item below to complete this step.',
    closed: 'Open this step and tick every item in it to complete it.',
  },
  acknowledgment: {
    open: 'Acknowledge every item below to complete this step.',
    closed: 'Open this step and acknowledge every item in it to complete it.',
  },
  form: {
    open: 'Answer the questions below and press Send to complete this step.',
    closed: 'Open this step and send the form in it to complete it.',
  },
  quiz: {
    open: 'Answer the questions below and pass the quiz to complete this step.',
    closed: 'Open this step and pass the quiz in it to complete it.',
  },
  document: {
    open: 'Read the document below. The button unlocks after a short wait, or when you download the document.',
    closed:
      'Open this step and read the document in it. The button unlocks after a short wait, or when you download the document.',
  },
};

/**
 * One onboarding step (docs/product.md#step-cards): a header that toggles the details, the complete button (disabled
 * until a checklist, acknowledgment or document step allows it; 'Please wait (Ns)' during a document's countdown), and
 * once done the reset icon and a check mark. Resetting also resets the open content: ticks, and the document's wait.
 */
export function StepCard(props: StepCardProps) {
  const {
    step,
    status,
    index,
    isOpen,
    onToggle,
    onSetCompleted,
    doneItems,
    onItemChange,
    readOnly,
    answersReadOnly = false,
    password,
    isMobile,
    accent,
  } = props;
  const { agreement, canSign = false, onSigned, due } = props;
  const [signing, setSigning] = useState(false);
  const contentId = useId();
  const titleId = useId();
  const lockHintId = useId();
  const gate = useDocumentGate();
  // Bumped by a reset: the open content mounts anew (docs/product.md#progress-rules: resetting a step also resets what
  // is open in it).
  const [contentKey, setContentKey] = useState(0);
  // Where focus goes after the button just pressed is replaced: complete → the reset icon, reset → the step's toggle
  // (the complete button may be disabled again). Without this, focus falls back to the page's start (WCAG 2.4.3).
  const focusAfterChange = useRef<'reset' | 'toggle' | null>(null);
  const resetRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const completed = status === 'completed';
  const needsDocument = step.requiresScrollOrDownload && step.pdfUrl !== undefined;
  const items = stepItems(step);
  const itemsDone = areStepItemsDone(step, doneItems);
  // A form or quiz step completes on the server when it is sent or passed (docs/product.md#form-steps).
  const answered = step.form !== undefined ? 'form' : step.quiz !== undefined ? 'quiz' : null;
  const lock: Lock = readOnly
    ? 'preview'
    : answered !== null
      ? answered
      : items.length > 0 && !itemsDone
        ? items.some((i) => i.kind === 'checklist')
          ? 'checklist'
          : 'acknowledgment'
        : needsDocument && !gate.unlocked
          ? 'document'
          : null;
  const buttonText = isMobile ? (step.mobileCompleteButtonText ?? 'Done') : (step.completeButtonText ?? 'Complete');
  const counting = lock === 'document' && gate.secondsLeft !== null;
  const iconColor = step.iconColor ? roleAccentColor(step.iconColor) : accent;
  const strong = roleTextColor(accent);
  const borderColor = completed ? '#059669' : status === 'active' ? accent : 'var(--color-slate-300)';
  // What changed while the member was here: the step completed (by its button, a form sent, a quiz passed) or reset.
  // A step that was already completed when the page opened announces nothing. React's "state from the previous
  // render" pattern: no effect, so the announcement is in the same render as the change.
  const [seenStatus, setSeenStatus] = useState(status);
  const [change, setChange] = useState<'completed' | 'reset' | null>(null);
  if (seenStatus !== status) {
    setSeenStatus(status);
    setChange(completed ? 'completed' : seenStatus === 'completed' ? 'reset' : null);
  }
  // Announced twice only: when the wait starts and when the button unlocks (not every second).
  const documentAnnouncement =
    completed || !needsDocument || readOnly
      ? ''
      : counting
        ? `Please wait ${DOCUMENT_WAIT_SECONDS} seconds before you can press ${buttonText}, or download the document to continue now.`
        : gate.unlocked
          ? `You can now press ${buttonText}.`
          : '';
  const announcement =
    completed && change === 'completed'
      ? 'This step is finished. Well done!'
      : documentAnnouncement !== ''
        ? documentAnnouncement
        : !completed && change === 'reset'
          ? 'This step is open again: it is not finished any more.'
          : '';

  useEffect(() => {
    // Waits for the change to land: completing the open step also closes it and opens the next one (layout moves), so
    // the reset icon gets focus (and is scrolled to) only once this card is completed and closed.
    const target = focusAfterChange.current;
    const landed = target === 'reset' ? completed && !isOpen : target === 'toggle' ? !completed : false;
    if (!landed) return;
    focusAfterChange.current = null;
    const element = (target === 'reset' ? resetRef : toggleRef).current;
    // Chrome does not scroll to an element focused during a key press here, so it is scrolled to explicitly.
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'center' });
  }, [completed, isOpen, contentKey]);

  const reset = () => {
    focusAfterChange.current = 'toggle';
    gate.reset();
    setContentKey((k) => k + 1);
    onSetCompleted(false);
  };

  return (
    <article
      ref={cardRef}
      aria-labelledby={titleId}
      data-status={status}
      // The pointer or keyboard reaching a card starts loading the widgets it shows, so they are there when it opens.
      onPointerEnter={() => preloadStepWidgets(step)}
      onFocus={() => preloadStepWidgets(step)}
      className={cn(
        'animate-card-in overflow-hidden rounded-2xl border border-l-4 bg-white shadow-[0_1px_3px_rgb(15_23_42/0.06),0_8px_24px_-14px_rgb(15_23_42/0.14)] transition-shadow',
        status === 'active' && 'shadow-[0_1px_3px_rgb(15_23_42/0.08),0_12px_30px_-12px_rgb(15_23_42/0.22)]',
        completed && 'bg-slate-50/60',
      )}
      style={{
        animationDelay: `${index * 100}ms`,
        borderLeftColor: borderColor,
        borderTopColor: 'var(--color-slate-200)',
        borderRightColor: 'var(--color-slate-200)',
        borderBottomColor: 'var(--color-slate-200)',
      }}
    >
      <div className="relative flex flex-wrap items-start gap-x-4 gap-y-3 p-4 hover:bg-slate-50/80 sm:flex-nowrap sm:p-5">
        <div
          className="flex size-11 shrink-0 items-center justify-center rounded-xl"
          style={{ backgroundColor: `${iconColor}14`, color: iconColor }}
        >
          <StepIcon name={step.icon} className="size-5" />
        </div>

        <div className="min-w-0 flex-1 basis-48">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StepStatusLabel status={status} color={roleTextColorInThemes(accent)} />
            <Badge variant="secondary">{step.category}</Badge>
            {due !== undefined && !completed ? (
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  due.overdue ? 'bg-red-50 text-red-800 ring-1 ring-red-200' : 'bg-slate-100 text-slate-700',
                )}
              >
                {due.label}
              </span>
            ) : null}
          </div>
          <h3 id={titleId} className="mt-1.5 text-base font-semibold text-slate-900 sm:text-lg">
            {/* The whole header is the toggle: the button's ::after covers it, the actions sit above it. */}
            <button
              ref={toggleRef}
              type="button"
              aria-expanded={isOpen}
              aria-controls={contentId}
              onClick={onToggle}
              data-read-aloud=""
              className="group text-left after:absolute after:inset-0 after:rounded-t-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:-outline-offset-3 focus-visible:after:outline-brand-600"
            >
              {step.title}
              <ChevronDown
                aria-hidden="true"
                className={cn(
                  'ml-1.5 inline size-4 align-[-2px] text-slate-500 transition-transform',
                  isOpen && 'rotate-180',
                )}
              />
            </button>
          </h3>
          <p className="mt-1 text-sm text-slate-600" data-read-aloud="">
            {step.description}
          </p>
          {!completed && lock !== null && lock !== 'preview' ? (
            <p id={lockHintId} className="mt-2 text-xs font-medium text-amber-800">
              {LOCK_HINTS[lock][isOpen ? 'open' : 'closed']}
            </p>
          ) : null}
          {agreement ? <AgreementNotice step={step} agreement={agreement} completed={completed} /> : null}
        </div>

        <div className="relative z-10 ml-auto flex max-w-full shrink-0 items-center gap-2 self-center">
          {completed ? (
            <>
              {answered === null ? (
                <Button
                  ref={resetRef}
                  variant="ghost"
                  size="icon"
                  aria-label="Reset step"
                  title={readOnly ? 'Not available in a role preview' : 'Reset step'}
                  disabled={readOnly}
                  onClick={reset}
                >
                  <RotateCcw />
                </Button>
              ) : null}
              {/* Decorative: the status label already says 'Completed'. */}
              <span
                aria-hidden="true"
                className="flex size-9 items-center justify-center rounded-full bg-emerald-600 text-white"
              >
                <Check className="size-5" strokeWidth={3} />
              </span>
            </>
          ) : answered !== null ? null : (
            // A form or quiz completes with its own Send or its pass: one button for one action.
            <Button
              onClick={() => {
                if (step.signature === true && canSign) {
                  setSigning(true);
                  return;
                }
                focusAfterChange.current = 'reset';
                onSetCompleted(true);
              }}
              disabled={lock !== null}
              title={lock === 'preview' ? 'Not available in a role preview' : undefined}
              // A disabled button says why (the hint beside it), so a screen reader hears the reason with the button.
              aria-describedby={lock !== null && lock !== 'preview' ? lockHintId : undefined}
              // White on the role's colour in every theme (the theme's `text-white` is dark in the dark theme); black in
              // high contrast (data-role-color, src/client/styles/index.css).
              style={status === 'active' && lock === null ? { backgroundColor: strong, color: '#fff' } : undefined}
              data-role-color={status === 'active' && lock === null ? 'fill' : undefined}
              className={cn(status === 'active' && 'hover:brightness-90', counting && 'tabular-nums')}
              variant={status === 'active' ? 'default' : 'outline'}
            >
              {counting ? `Please wait (${gate.secondsLeft}s)` : buttonText}
            </Button>
          )}
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {signing ? (
        <LazySignatureDialog
          step={step}
          onClose={() => setSigning(false)}
          onSigned={() => {
            focusAfterChange.current = 'reset';
            onSigned?.();
          }}
        />
      ) : null}

      <div
        id={contentId}
        hidden={!isOpen}
        className="border-t border-slate-100 px-3 pt-4 pb-5 min-[24rem]:px-4 sm:px-5 sm:pl-20"
      >
        {/* Mounted only while open: videos stop and the PDF chunk loads only when a step is read. */}
        {isOpen ? <ReadAloud root={cardRef} /> : null}
        {isOpen ? (
          <StepContent
            key={contentKey}
            step={step}
            doneItems={doneItems}
            onItemChange={onItemChange}
            onResetItems={reset}
            readOnly={readOnly}
            answersReadOnly={answersReadOnly}
            password={password}
            onDocumentLoaded={gate.start}
            onDocumentDownloaded={gate.unlock}
          />
        ) : null}
      </div>
    </article>
  );
}
