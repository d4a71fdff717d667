import type { Step } from '@shared/content-schema';
import { Download, ExternalLink, FileText, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface StepContentProps {
  step: Step;
  /** Called when the person opens or downloads the step's document (unlocks completing it). */
  onDocumentUsed: () => void;
  documentUsed: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {children}
    </section>
  );
}

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function NewTabNote() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

/**
 * The expanded part of a step card (SPEC §2 "Expanded content"). Checklist, acknowledgment, contact and media widgets
 * and the PDF viewer come later; until then their items are plain lists and the document is offered as links.
 */
export function StepContent({ step, onDocumentUsed, documentUsed }: StepContentProps) {
  const { content } = step;
  const hasDocument = step.requiresScrollOrDownload && step.pdfUrl !== undefined;
  return (
    <div className="space-y-5 text-sm leading-relaxed text-slate-700">
      {content.details.length > 0 ? (
        <div className="space-y-3">
          {content.details.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      ) : null}

      {step.image ? (
        <img
          src={step.image.src}
          alt={step.image.alt}
          loading="lazy"
          className="max-h-96 w-full rounded-xl border border-slate-200 object-contain"
        />
      ) : null}

      {step.isContactStep && content.contacts.length > 0 ? (
        <Section title="Your People">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {content.contacts.map((contact) => (
              <li key={contact.email} className="rounded-xl border border-slate-200 bg-slate-50 p-3">
                <p className="font-semibold text-slate-900">{contact.name}</p>
                <p className="text-slate-600">{contact.position}</p>
                <a
                  className="mt-1 inline-flex items-center gap-1 break-all text-brand-700 underline underline-offset-2"
                  href={`mailto:${contact.email}`}
                >
                  <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                  {contact.email}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {step.isChecklistStep && content.checklist.length > 0 ? (
        <Section title={content.checklistHeader ?? 'Checklist'}>
          <ul className="list-disc space-y-1 pl-5">
            {content.checklist.map((item) => (
              <li key={item.id}>{item.text}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      {step.isAcknowledgmentStep && content.acknowledgments.length > 0 ? (
        <Section title={content.acknowledgmentHeader ?? 'Acknowledgments'}>
          <ul className="list-disc space-y-1 pl-5">
            {content.acknowledgments.map((item) => (
              <li key={item.id}>{item.content}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      {hasDocument ? (
        <Section title="Document">
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={step.pdfUrl} {...NEW_TAB} onClick={onDocumentUsed}>
                <FileText />
                Open the document
                <NewTabNote />
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={step.pdfUrl} download onClick={onDocumentUsed}>
                <Download />
                Download
              </a>
            </Button>
          </div>
          <p className="text-slate-600">
            {documentUsed
              ? 'Thanks! You can now complete this step.'
              : 'Open or download the document to unlock completing this step.'}
          </p>
        </Section>
      ) : content.tasks.length > 0 ? (
        <Section title="Tasks">
          <ol className="list-decimal space-y-1.5 pl-5 marker:font-semibold marker:text-slate-500">
            {content.tasks.map((task, i) => (
              <li key={i} className="pl-1">
                {task}
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      {content.helpfulLinks.length > 0 ? (
        <Section title="Helpful Resources">
          <ul className="space-y-1.5">
            {content.helpfulLinks.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  {...NEW_TAB}
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {link.text}
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
                  <NewTabNote />
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {step.footnote ? <p className="text-xs text-slate-600 italic">{step.footnote}</p> : null}
    </div>
  );
}
