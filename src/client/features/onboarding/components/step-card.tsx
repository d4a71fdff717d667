import type { Step } from '@shared/content-schema';
import type { StepStatus } from '@shared/progress';
import { Check, ChevronDown, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { roleAccentColor, roleTextColor } from '../utils/role';
import { StepContent } from './step-content';
import { StepIcon } from './step-icon';
import { StepStatusLabel } from './step-status-label';

export interface StepCardProps {
  step: Step;
  status: StepStatus;
  /** Position across all scopes; staggers the fade-in by 100 ms per index (SPEC §2). */
  index: number;
  isOpen: boolean;
  onToggle: () => void;
  onSetCompleted: (completed: boolean) => void;
  isMobile: boolean;
  /** The role's accent colour (already readable on white). */
  accent: string;
}

/** One onboarding step (SPEC §2 "Step card"): a header that toggles the details, and complete / reset controls. */
export function StepCard({ step, status, index, isOpen, onToggle, onSetCompleted, isMobile, accent }: StepCardProps) {
  const contentId = useId();
  const titleId = useId();
  const [documentUsed, setDocumentUsed] = useState(false);
  const completed = status === 'completed';
  const needsDocument = step.requiresScrollOrDownload && step.pdfUrl !== undefined;
  const locked = needsDocument && !documentUsed && !completed;
  const buttonText = isMobile ? (step.mobileCompleteButtonText ?? 'Done') : (step.completeButtonText ?? 'Complete');
  const iconColor = step.iconColor ? roleAccentColor(step.iconColor) : accent;
  const strong = roleTextColor(accent);
  const borderColor = completed ? '#059669' : status === 'active' ? accent : '#cbd5e1';

  return (
    <article
      aria-labelledby={titleId}
      data-status={status}
      className={cn(
        'animate-card-in overflow-hidden rounded-2xl border border-l-4 bg-white shadow-[0_1px_3px_rgb(15_23_42/0.06),0_8px_24px_-14px_rgb(15_23_42/0.14)] transition-shadow',
        status === 'active' && 'shadow-[0_1px_3px_rgb(15_23_42/0.08),0_12px_30px_-12px_rgb(15_23_42/0.22)]',
        completed && 'bg-slate-50/60',
      )}
      style={{ animationDelay: `${index * 100}ms`, borderLeftColor: borderColor, borderTopColor: '#e2e8f0', borderRightColor: '#e2e8f0', borderBottomColor: '#e2e8f0' }}
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
            <StepStatusLabel status={status} color={strong} />
            <Badge variant="secondary">{step.category}</Badge>
          </div>
          <h3 id={titleId} className="mt-1.5 text-base font-semibold text-slate-900 sm:text-lg">
            {/* The whole header is the toggle: the button's ::after covers it, the actions sit above it. */}
            <button
              type="button"
              aria-expanded={isOpen}
              aria-controls={contentId}
              onClick={onToggle}
              className="group text-left after:absolute after:inset-0 after:rounded-t-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:-outline-offset-3 focus-visible:after:outline-brand-600"
            >
              {step.title}
              <ChevronDown
                aria-hidden="true"
                className={cn('ml-1.5 inline size-4 align-[-2px] text-slate-500 transition-transform', isOpen && 'rotate-180')}
              />
            </button>
          </h3>
          <p className="mt-1 text-sm text-slate-600">{step.description}</p>
          {locked ? (
            <p className="mt-2 text-xs font-medium text-amber-800">
              Open or download the document below to unlock this step.
            </p>
          ) : null}
        </div>

        <div className="relative z-10 ml-auto flex shrink-0 items-center gap-2 self-center">
          {completed ? (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Reset step"
                title="Reset step"
                onClick={() => {
                  setDocumentUsed(false);
                  onSetCompleted(false);
                }}
              >
                <RotateCcw />
              </Button>
              {/* Decorative: the status label already says 'Completed'. */}
              <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-emerald-600 text-white">
                <Check className="size-5" strokeWidth={3} />
              </span>
            </>
          ) : (
            <Button
              onClick={() => onSetCompleted(true)}
              disabled={locked}
              style={status === 'active' && !locked ? { backgroundColor: strong } : undefined}
              className={status === 'active' ? 'hover:brightness-90' : undefined}
              variant={status === 'active' ? 'default' : 'outline'}
            >
              {buttonText}
            </Button>
          )}
        </div>
      </div>

      <div id={contentId} hidden={!isOpen} className="border-t border-slate-100 px-4 pt-4 pb-5 sm:px-5 sm:pl-20">
        <StepContent step={step} documentUsed={documentUsed} onDocumentUsed={() => setDocumentUsed(true)} />
      </div>
    </article>
  );
}
