import type { EasyReadSentence, Step } from '@shared/content-schema';
import ExternalLink from 'lucide-react/icons/external-link';
import type { ReactNode } from 'react';
import {
  LazyAcknowledgments as Acknowledgments,
  LazyChecklist as Checklist,
  LazyContactGrid as ContactGrid,
  LazyFormStep as FormStep,
  LazyMediaList as MediaList,
  LazyPdfViewer as PdfViewer,
  LazyQuizStep as QuizStep,
  LazySharedPasswordContacts as SharedPasswordContacts,
} from './lazy-widgets';
import { usePeople } from '../people-context';
import type { PasswordInfo } from './widgets/contacts';
import { apiPaths } from '@/config/paths';

interface StepContentProps {
  step: Step;
  /** Ids of the step's ticked checklist items and acknowledgments. */
  doneItems: ReadonlySet<string>;
  onItemChange: (itemId: string, done: boolean) => void;
  /** The checklist's Reset: unticks everything (and un-completes the step). */
  onResetItems: () => void;
  /** A role preview: nothing can be ticked. */
  readOnly: boolean;
  /** A form's or quiz's questions are shown but cannot be answered (the studio's preview). */
  answersReadOnly?: boolean;
  /**
   * For a step with `envVariable`: the password line of its contacts. With neither a value nor a reason to hide it,
   * the server is asked for the password while the step is open (docs/product.md#shared-passwords).
   */
  password: PasswordInfo | undefined;
  /** The step's document is shown (its countdown starts). */
  onDocumentLoaded: () => void;
  /** The step's document was downloaded (the step unlocks). */
  onDocumentDownloaded: () => void;
}

function Section({ title, children, ...marks }: { title: string; children: ReactNode; 'data-standard-text'?: '' }) {
  return (
    <section className="space-y-2" {...marks}>
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {children}
    </section>
  );
}

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * True when two addresses name the same document (resolved against the page, query and fragment ignored), e.g. a
 * helpful link to '/content/volunteer-agreement.pdf' and the step's PDF.
 * @param url a link's address; `documentUrl` the step's PDF address, or undefined
 */
function isSameDocument(url: string, documentUrl: string | undefined): boolean {
  if (documentUrl === undefined) return false;
  try {
    const a = new URL(url, window.location.href);
    const b = new URL(documentUrl, window.location.href);
    return a.origin === b.origin && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

/**
 * Marks the standard text of a step that has an easy-read version: the style sheet hides it under
 * `<html data-reading="easy">` (src/client/styles/index.css, docs/product.md#easy-read).
 */
const STANDARD_TEXT = { 'data-standard-text': '' } as const;

/**
 * A step's easy-read version (docs/product.md#easy-read): its sentences as a list, each with its picture (if any)
 * beside it. Always rendered for a step that has one; the style sheet shows it only under `<html data-reading="easy">`,
 * so the server's first screen needs no preference and the panel's switch shows at once.
 * @param sentences the step's easy-read sentences
 */
export function EasyRead({ sentences }: { sentences: readonly EasyReadSentence[] }) {
  return (
    <ul data-easy-read="" aria-label="Easy read" className="space-y-3 text-base leading-relaxed text-slate-800">
      {sentences.map((sentence, i) => (
        <li key={i} className="flex items-center gap-4">
          {sentence.picture ? (
            <img
              src={sentence.picture.src}
              alt={sentence.picture.alt}
              loading="lazy"
              className="size-20 shrink-0 rounded-lg border border-slate-200 bg-white object-contain"
            />
          ) : null}
          <span data-read-aloud="">{sentence.text}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The expanded part of a step card (docs/product.md#step-widgets), in the spec's order: details, image, media, 'Your
 * People', checklist, acknowledgments, the PDF viewer for a document step, the numbered 'Tasks' (on document steps too), 'Helpful
 * Resources' (new tab) and the italic footnote. Text is part of the dashboard's code; each widget is its own chunk,
 * loaded when a step that shows it opens (lazy-widgets.tsx). A step's easy-read version comes first; its details and
 * tasks are marked as the standard text it replaces for a member who chose 'Easy read' (docs/product.md#easy-read).
 */
export function StepContent(props: StepContentProps) {
  const {
    step,
    doneItems,
    onItemChange,
    onResetItems,
    readOnly,
    answersReadOnly = false,
    password,
    onDocumentLoaded,
    onDocumentDownloaded,
  } = props;
  const { content } = step;
  // The member's own lead(s) and buddy go on the 'Your People' steps, not on shared-password steps' contact lists.
  const allPeople = usePeople();
  const people = step.envVariable === undefined ? allPeople : [];
  const needsDocument = step.requiresScrollOrDownload && step.pdfUrl !== undefined;
  // A password with no value and no known reason to hide it is the server's to decide (docs/product.md#shared-passwords).
  const asksServer = step.envVariable !== undefined && password?.value === undefined && password?.hiddenReason === null;
  const standard = step.easyRead !== undefined ? STANDARD_TEXT : {};
  return (
    <div className="space-y-5 text-sm leading-relaxed text-slate-700">
      {step.easyRead !== undefined ? <EasyRead sentences={step.easyRead} /> : null}

      {content.details.length > 0 ? (
        <div className="space-y-3" {...standard}>
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

      {step.media.length > 0 ? <MediaList media={step.media} /> : null}

      {step.isContactStep && content.contacts.length + people.length > 0 ? (
        asksServer ? (
          <SharedPasswordContacts stepId={step.id} contacts={content.contacts} />
        ) : (
          <ContactGrid contacts={content.contacts} people={people} {...(password ? { password } : {})} />
        )
      ) : null}

      {step.isChecklistStep && content.checklist.length > 0 ? (
        <Checklist
          header={content.checklistHeader}
          items={content.checklist}
          done={doneItems}
          onItemChange={onItemChange}
          onReset={onResetItems}
          readOnly={readOnly}
        />
      ) : null}

      {step.isAcknowledgmentStep && content.acknowledgments.length > 0 ? (
        <Acknowledgments
          header={content.acknowledgmentHeader}
          items={content.acknowledgments}
          done={doneItems}
          onItemChange={onItemChange}
          readOnly={readOnly}
        />
      ) : null}

      {step.requiresScrollOrDownload && step.pdfUrl !== undefined ? (
        <PdfViewer
          url={step.pdfUrl}
          downloadUrl={step.pdfDraft === true ? apiPaths.stepDocument(step.id) : step.pdfUrl}
          title={step.title}
          draft={step.pdfDraft === true}
          onLoaded={onDocumentLoaded}
          onDownload={onDocumentDownloaded}
        />
      ) : null}

      {step.form !== undefined ? (
        <FormStep stepId={step.id} form={step.form} readOnly={readOnly || answersReadOnly} />
      ) : null}

      {step.quiz !== undefined ? (
        <QuizStep stepId={step.id} quiz={step.quiz} readOnly={readOnly || answersReadOnly} />
      ) : null}

      {/* Written tasks show on document steps too: the viewer takes the place of an empty body, never of the tasks. */}
      {content.tasks.length > 0 ? (
        <Section title="Tasks" {...standard}>
          <ol className="list-decimal space-y-1.5 pl-5 marker:font-semibold marker:text-slate-500">
            {content.tasks.map((task, i) => (
              <li key={i} className="pl-1" data-read-aloud="">
                {task}
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      {content.helpfulLinks.length > 0 ? (
        <Section title="Helpful Resources">
          <ul className="space-y-1">
            {content.helpfulLinks.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  {...NEW_TAB}
                  // Any download of the step's own document from the step unlocks its button, like the viewer's.
                  {...(needsDocument && isSameDocument(link.url, step.pdfUrl)
                    ? { onClick: onDocumentDownloaded, onAuxClick: onDocumentDownloaded }
                    : {})}
                  className="inline-block py-0.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {link.text}
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
                  <span className="sr-only"> (opens in a new tab)</span>
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
