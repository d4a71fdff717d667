import type { Step } from '@shared/content-schema';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useHydrating } from '@/hooks/use-hydrating';

/**
 * A widget whose code is its own chunk, loaded the first time a step that shows it is opened (or about to be:
 * {@link preloadStepWidgets}). Most steps show only text; the dashboard paints and opens such a step without any
 * widget code (docs/architecture.md#client-bundle, docs/decisions/009).
 */
interface LazyWidget<P> {
  /** Renders the widget at once when its chunk is here, else a short 'Loading…'; a failed load offers 'Try again'. */
  Component: (props: P) => ReactNode;
  /** Starts loading the chunk (once; a failed load may be started again). */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * The address of the module a failed dynamic import names ("Failed to fetch dynamically imported module: <address>"),
 * if its error says it.
 * @param error what the import was rejected with
 * @returns the module's absolute address, or undefined
 */
export function failedModuleAddress(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return /\bhttps?:\/\/[^\s'"]+?\.js\b/u.exec(error.message)?.[0];
}

function lazyWidget<M, P extends object>(
  name: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyWidget<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // A browser may keep a module that failed to load as failed for the page's life (Chromium 150 does): a retry asks
  // for the same file under another address, so that 'Try again' can succeed once the connection is back.
  let failed: string | undefined;
  let retries = 0;
  const attempt = () =>
    failed === undefined ? load() : (import(/* @vite-ignore */ `${failed}?retry=${++retries}`) as Promise<M>);
  const preload = () => {
    loading ??= attempt().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        failed = failedModuleAddress(error) ?? failed;
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function Component(props: P) {
    // 'Loading…' on the server, which never loads widgets, and so also while the browser hydrates that HTML, even when
    // the widget is here already (docs/decisions/030-dashboard-first-screen-from-the-server.md); the effect then shows it.
    const hydrating = useHydrating();
    // A function in state is taken for an updater: keep the component in an object.
    const [widget, setWidget] = useState(() => (loaded && !hydrating ? { component: loaded } : undefined));
    const [failed, setFailed] = useState(false);

    useEffect(() => {
      if (widget || failed) return;
      let active = true;
      preload().then(
        (component) => {
          if (active) setWidget({ component });
        },
        () => {
          if (active) setFailed(true);
        },
      );
      return () => {
        active = false;
      };
    }, [widget, failed]);

    if (widget) return <widget.component {...props} />;
    if (failed) {
      return (
        <div role="alert" className="text-sm text-red-900">
          <p>This step's {name} could not be loaded. Check your connection and try again.</p>
          <Button variant="link" className="h-auto px-0 text-red-900" onClick={() => setFailed(false)}>
            Try again
          </Button>
        </div>
      );
    }
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner />
        Loading…
      </p>
    );
  }

  return { Component, preload };
}

// One chunk per kind of widget, so a step loads only what it shows.
const contacts = lazyWidget(
  'contacts',
  () => import('./widgets/contacts'),
  (m) => m.ContactGrid,
);
const sharedPasswordContacts = lazyWidget(
  'contacts',
  () => import('./widgets/shared-password-contacts'),
  (m) => m.SharedPasswordContacts,
);
const checklist = lazyWidget(
  'checklist',
  () => import('./widgets/checklist'),
  (m) => m.Checklist,
);
const acknowledgments = lazyWidget(
  'acknowledgments',
  () => import('./widgets/acknowledgments'),
  (m) => m.Acknowledgments,
);
const media = lazyWidget(
  'media',
  () => import('./widgets/media'),
  (m) => m.MediaList,
);
const pdfViewer = lazyWidget(
  'document viewer',
  () => import('./widgets/pdf-viewer'),
  (m) => m.PdfViewer,
);
const signatureDialog = lazyWidget(
  'signature form',
  () => import('./widgets/signature-dialog'),
  (m) => m.SignatureDialog,
);

const formStep = lazyWidget(
  'form',
  () => import('./widgets/form-step'),
  (m) => m.FormStep,
);
const quizStep = lazyWidget(
  'quiz',
  () => import('./widgets/quiz-step'),
  (m) => m.QuizStep,
);

export const LazyContactGrid = contacts.Component;
export const LazyFormStep = formStep.Component;
export const LazyQuizStep = quizStep.Component;
export const LazySharedPasswordContacts = sharedPasswordContacts.Component;
export const LazyChecklist = checklist.Component;
export const LazyAcknowledgments = acknowledgments.Component;
export const LazyMediaList = media.Component;
export const LazyPdfViewer = pdfViewer.Component;
export const LazySignatureDialog = signatureDialog.Component;

/**
 * Starts loading the widgets `step` shows (docs/product.md#step-widgets), so they are ready when it opens: called when
 * the pointer or focus reaches a step card, and when a step opens. Failures are ignored here; the opened widget
 * shows them with 'Try again'.
 * @param step a step of the role configuration
 */
export function preloadStepWidgets(step: Step): void {
  const { content } = step;
  const wanted: (() => Promise<unknown>)[] = [];
  if (step.media.length > 0) wanted.push(media.preload);
  if (step.isContactStep && content.contacts.length > 0) {
    // Which of the two depends on the password (step-content.tsx); both are small, the shared code is the big part.
    wanted.push(contacts.preload);
    if (step.envVariable !== undefined) wanted.push(sharedPasswordContacts.preload);
  }
  if (step.isChecklistStep && content.checklist.length > 0) wanted.push(checklist.preload);
  if (step.isAcknowledgmentStep && content.acknowledgments.length > 0) wanted.push(acknowledgments.preload);
  if (step.requiresScrollOrDownload && step.pdfUrl !== undefined) wanted.push(pdfViewer.preload);
  if (step.signature === true) wanted.push(signatureDialog.preload);
  if (step.form !== undefined) wanted.push(formStep.preload);
  if (step.quiz !== undefined) wanted.push(quizStep.preload);
  for (const preload of wanted) {
    preload().catch(() => {
      // Shown by the widget itself when the step is open.
    });
  }
}
