import type { PreboardingPage, PreboardingStep } from '@shared/preboarding-api';
import CalendarDays from 'lucide-react/icons/calendar-days';
import CheckCircle from 'lucide-react/icons/circle-check';
import ExternalLink from 'lucide-react/icons/external-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EasyRead } from '@/features/onboarding';
import { formatDayInWords } from '@/lib/dates';
import { useMarkPreboardingStep } from '../api/preboarding';
import { PreboardingForm } from './preboarding-form';

/** The standard text of a step that has an easy-read version: hidden under `<html data-reading="easy">`. */
const STANDARD_TEXT = { 'data-standard-text': '' } as const;

const TO_BE_CONFIRMED = 'to be confirmed';

/** The first day: when, where, and who meets them (names only). */
function FirstDay({ page }: { page: PreboardingPage }) {
  const { firstDay, people } = page;
  const who = [
    ...(people.leads.length === 0
      ? []
      : [`${people.leads.length === 1 ? 'Your team lead' : 'Your team leads'}: ${people.leads.join(' and ')}`]),
    ...(people.buddy === null ? [] : [`Your buddy: ${people.buddy}`]),
  ];
  return (
    <Card role="region" className="space-y-4 p-5" aria-labelledby="first-day-heading">
      <h3 id="first-day-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
        Your first day
      </h3>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">When</dt>
          <dd className="font-semibold text-slate-900">
            {formatDayInWords(page.startOn, page.locale)}, {firstDay.time ?? `time ${TO_BE_CONFIRMED}`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Where</dt>
          <dd className="font-semibold break-words text-slate-900">
            {firstDay.place ?? `Place ${TO_BE_CONFIRMED}`}
            {firstDay.callLink !== null ? (
              <>
                {' '}
                <a
                  href={firstDay.callLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  Join the call
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-600">Who meets you</dt>
          <dd className="font-semibold text-slate-900">
            {who.length === 0 ? (
              'To be confirmed: we will tell you before your first day.'
            ) : (
              <ul className="space-y-1">
                {who.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      {firstDay.details.map((paragraph, i) => (
        <p key={i} className="text-sm leading-relaxed text-slate-700">
          {paragraph}
        </p>
      ))}
    </Card>
  );
}

/** One step before the first day: its text (or easy read), its form or a 'Done' button. */
function StepBeforeTheFirstDay({ step, page }: { step: PreboardingStep; page: PreboardingPage }) {
  const mark = useMarkPreboardingStep();
  const standard = step.easyRead !== undefined ? STANDARD_TEXT : {};
  const headingId = `step-${step.id}`;
  return (
    <Card role="region" className="space-y-4 p-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="text-base font-semibold text-slate-900">
          {step.title}
        </h4>
        {step.doneAt !== null ? (
          <Badge variant="success">
            <CheckCircle aria-hidden="true" className="size-3.5" /> Done
          </Badge>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">{step.description}</p>
      <div className="space-y-4 text-sm leading-relaxed text-slate-700">
        {step.easyRead !== undefined ? <EasyRead sentences={step.easyRead} /> : null}
        {step.details.length > 0 ? (
          <div className="space-y-3" {...standard}>
            {step.details.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        ) : null}
        {step.tasks.length > 0 ? (
          <ol className="list-decimal space-y-1.5 pl-5" {...standard}>
            {step.tasks.map((task, i) => (
              <li key={i} className="pl-1">
                {task}
              </li>
            ))}
          </ol>
        ) : null}
        {step.helpfulLinks.length > 0 ? (
          <ul className="space-y-1.5">
            {step.helpfulLinks.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {link.text}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {step.footnote ? <p className="text-xs text-slate-600 italic">{step.footnote}</p> : null}
      </div>
      {step.form !== undefined ? (
        <PreboardingForm stepId={step.id} form={step.form} locale={page.locale} timeZone={page.timeZone} />
      ) : (
        <div className="space-y-2">
          <Button
            type="button"
            variant={step.doneAt === null ? 'default' : 'outline'}
            disabled={mark.isPending}
            onClick={() => mark.mutate({ stepId: step.id, done: step.doneAt === null })}
          >
            {step.doneAt === null ? 'I have read this' : 'Mark as not done'}
          </Button>
          {mark.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {mark.error.message}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}

/**
 * The pre-boarding page (docs/product.md#pre-boarding): a welcome, the first day, and the steps to do before it.
 * @param page the page's answer (GET /api/preboarding)
 */
export function PreboardingView({ page }: { page: PreboardingPage }) {
  const left = page.steps.filter((s) => s.doneAt === null).length;
  return (
    <div className="space-y-8">
      <section aria-labelledby="welcome-heading" className="space-y-3">
        <h2 id="welcome-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Welcome to {page.orgName}!
        </h2>
        <p className="text-slate-700">
          You start as {page.roleLabel} in {page.department} on {formatDayInWords(page.startOn, page.locale)}. We are
          glad you are joining us. This page shows what happens on your first day, and a few things you can do before
          then, at your own pace.
        </p>
      </section>
      <FirstDay page={page} />
      <section aria-labelledby="before-heading" className="space-y-4">
        <div>
          <h3 id="before-heading" className="text-lg font-semibold text-slate-900">
            Before your first day
          </h3>
          <p className="text-sm text-slate-700">
            {page.steps.length === 0
              ? 'Nothing to do before your first day. See you then!'
              : left === 0
                ? 'All done. Thank you! See you on your first day.'
                : `${left} of ${page.steps.length} ${page.steps.length === 1 ? 'thing' : 'things'} left. None of it is required before your first day.`}
          </p>
        </div>
        {page.steps.map((step) => (
          <StepBeforeTheFirstDay key={step.id} step={step} page={page} />
        ))}
      </section>
      <p className="text-sm text-slate-700">
        This page stays open until you first sign in with your {page.orgName} Google account, or at the latest until{' '}
        {formatDayInWords(page.closesOn, page.locale)}. Everything you do here becomes part of your onboarding when you
        sign in. Questions? Write to{' '}
        <a className="font-medium text-brand-700 underline underline-offset-2" href={`mailto:${page.supportEmail}`}>
          {page.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
