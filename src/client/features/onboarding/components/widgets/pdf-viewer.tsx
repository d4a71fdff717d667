import Download from 'lucide-react/icons/download';
import ExternalLink from 'lucide-react/icons/external-link';
import FileWarning from 'lucide-react/icons/file-exclamation-point';
import RotateCw from 'lucide-react/icons/rotate-cw';
import ZoomIn from 'lucide-react/icons/zoom-in';
import ZoomOut from 'lucide-react/icons/zoom-out';
import MoveHorizontal from 'lucide-react/icons/move-horizontal';
import { Component, type ReactNode, Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * If the document has not loaded after this long, its source is loaded once more (docs/product.md#step-widgets,
 * docs/product.md#constants: "PDF reload check 5 s").
 */
export const PDF_RELOAD_CHECK_MS = 5000;
/** The viewer's height in pixels (docs/product.md#constants: "viewer height 600 px"). */
export const PDF_VIEWER_HEIGHT_PX = 600;

/** The pdf.js part, in its own chunk: downloaded the first time a PDF is shown. */
const loadPdfDocument = () => import('./pdf-document').then((m) => ({ default: m.PdfDocument }));

type PdfStatus = 'loading' | 'loaded' | 'failed';

/** Catches a failed download of the pdf.js chunk and shows the viewer's failure state instead of the Error page. */
class ChunkErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface PdfViewerProps {
  url: string;
  /**
   * What Download and Open Fullscreen fetch, when not `url`: a draft's copy stamped "DRAFT" on every page
   * (docs/product.md#placeholders).
   */
  downloadUrl?: string;
  /** The step's title, to name the viewer for screen readers. */
  title: string;
  /** The document is shown: the step's countdown starts. */
  onLoaded: () => void;
  /**
   * The person downloaded the document: the step unlocks (docs/product.md#step-widgets: "the Download button also
   * unlocks it").
   */
  onDownload: () => void;
  /**
   * The document is marked as a draft in the content (the step's `pdfDraft`): a "DRAFT" notice above it and a stamp
   * across it (docs/product.md#placeholders).
   */
  draft?: boolean;
}

/** The notice above a draft document (docs/product.md#placeholders). */
export const DRAFT_DOCUMENT_NOTICE = 'This document is a draft, not the final text. It may still change.';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** A toolbar button with words: in a narrow viewer (under 14 rem), without its icon and with less padding. */
const LABELLED_NARROW = '@max-[14rem]:px-2 @max-[14rem]:[&_svg]:hidden';

/**
 * The PDF viewer of a document step (docs/product.md#step-widgets): 'Loading PDF...', one automatic reload if not
 * loaded after 5 s, the failure state 'Failed to load PDF' with 'Try Again' and 'Download Instead', and Reload, Open
 * Fullscreen (new tab) and Download buttons; 600 px high and scrollable by keyboard. Pages are drawn at the viewer's
 * width, or at a readable scale where that would make them smaller than print (a phone); "Zoom in", "Zoom out" and
 * "Fit width" change it without loading the document again. react-pdf is loaded lazily.
 */
export function PdfViewer({ url, downloadUrl = url, title, onLoaded, onDownload, draft = false }: PdfViewerProps) {
  const [status, setStatus] = useState<PdfStatus>('loading');
  // Each attempt mounts a fresh document (and, after a chunk failure, a fresh lazy component).
  const [attempt, setAttempt] = useState(0);
  const [PdfDocument, setPdfDocument] = useState(() => lazy(loadPdfDocument));
  const [autoReloaded, setAutoReloaded] = useState(false);
  const [viewerRef, fitWidth] = usePageWidth();
  // The first page's own width in PDF points, once pdf.js has read it.
  const [pagePoints, setPagePoints] = useState<number | undefined>(undefined);
  // The zoom the person chose, relative to "Fit width" (1); null: the zoom the viewer opens at.
  const [chosenZoom, setChosenZoom] = useState<number | null>(null);
  const zoom = pdfZoom(fitWidth, pagePoints, chosenZoom);

  useEffect(() => {
    if (status !== 'loading' || autoReloaded) return;
    const timer = setTimeout(() => {
      setAutoReloaded(true);
      setAttempt((a) => a + 1);
    }, PDF_RELOAD_CHECK_MS);
    return () => clearTimeout(timer);
  }, [status, autoReloaded]);

  const reload = () => {
    setStatus('loading');
    // A fresh lazy component too, so that a failed download of the pdf.js chunk is tried again.
    setPdfDocument(() => lazy(loadPdfDocument));
    setAttempt((a) => a + 1);
  };
  const handleLoaded = useCallback(() => {
    setStatus('loaded');
    onLoaded();
  }, [onLoaded]);
  const handleError = useCallback(() => setStatus('failed'), []);

  return (
    <div className="@container overflow-hidden rounded-xl border border-slate-200 bg-white">
      {/* Under 14 rem (a phone at 150% text or more) the labelled buttons drop their icons and some padding, so that
          each label stays on one line (docs/product.md#reading-and-display: Reflow). */}
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2 @max-[14rem]:gap-1.5 @max-[14rem]:px-2">
        <div role="group" aria-label="Zoom" className="flex flex-wrap items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setChosenZoom(zoom.out)}
            disabled={zoom.out === null}
            aria-label="Zoom out"
          >
            <ZoomOut />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setChosenZoom(zoom.in)}
            disabled={zoom.in === null}
            aria-label="Zoom in"
          >
            <ZoomIn />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setChosenZoom(1)} className={LABELLED_NARROW}>
            <MoveHorizontal />
            Fit width
          </Button>
          {zoom.percent === undefined ? null : (
            <span aria-live="polite" className="min-w-12 px-1 text-center text-sm text-slate-700 tabular-nums">
              <span className="sr-only">Zoom </span>
              {zoom.percent}%
            </span>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={reload}
          aria-label="Reload the document"
          className={LABELLED_NARROW}
        >
          <RotateCw />
          Reload
        </Button>
        <Button asChild variant="outline" size="sm" className={LABELLED_NARROW}>
          <a href={downloadUrl} {...NEW_TAB}>
            <ExternalLink />
            Open Fullscreen
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="outline" size="sm" className={`ml-auto ${LABELLED_NARROW}`}>
          <a href={downloadUrl} download onClick={onDownload}>
            <Download />
            Download
          </a>
        </Button>
      </div>
      {draft ? (
        <p className="flex flex-wrap items-center gap-2 border-b border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wider text-white">DRAFT</span>
          {DRAFT_DOCUMENT_NOTICE}
        </p>
      ) : null}
      <div
        ref={viewerRef}
        role="region"
        aria-label={`${title}: document`}
        // A scrollable region must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="relative overflow-auto bg-slate-100 focus-visible:outline-offset-[-3px]"
        style={{ height: PDF_VIEWER_HEIGHT_PX }}
      >
        {status === 'loading' ? (
          <div
            role="status"
            className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 text-slate-700"
          >
            <Spinner className="size-8" />
            <p className="font-medium">Loading PDF...</p>
          </div>
        ) : null}
        {status === 'failed' ? (
          <div
            role="alert"
            className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 p-6 text-center"
          >
            <FileWarning aria-hidden="true" className="size-10 text-red-700" />
            <p className="text-base font-semibold text-slate-900">Failed to load PDF</p>
            <p className="max-w-sm text-sm text-slate-700">
              There was an issue loading the document. Please try downloading it or reloading.
            </p>
            <div className="mt-1 flex flex-wrap justify-center gap-2">
              <Button size="sm" onClick={reload}>
                <RotateCw />
                Try Again
              </Button>
              <Button asChild variant="outline" size="sm">
                <a href={downloadUrl} download onClick={onDownload}>
                  <Download />
                  Download Instead
                </a>
              </Button>
            </div>
          </div>
        ) : null}
        <div className={status === 'failed' ? 'hidden' : undefined}>
          <ChunkErrorBoundary key={attempt} onError={handleError}>
            <Suspense fallback={null}>
              <PdfDocument
                url={url}
                width={zoom.width}
                onLoadSuccess={handleLoaded}
                onLoadError={handleError}
                onPageWidth={setPagePoints}
              />
            </Suspense>
          </ChunkErrorBoundary>
        </div>
      </div>
      {draft ? <DraftStamp /> : null}
    </div>
  );
}

/**
 * "DRAFT" across the document viewer just above it (over the pages wherever they are scrolled to); it lets clicks and
 * scrolling through, and screen readers hear the notice above the viewer instead.
 */
function DraftStamp() {
  return (
    <div className="pointer-events-none relative h-0" aria-hidden="true">
      <svg
        data-testid="draft-stamp"
        className="absolute inset-x-0 bottom-0 w-full"
        style={{ height: PDF_VIEWER_HEIGHT_PX }}
        viewBox="0 0 400 600"
        preserveAspectRatio="xMidYMid meet"
      >
        <text
          x="200"
          y="300"
          textAnchor="middle"
          dominantBaseline="middle"
          transform="rotate(-40 200 300)"
          fontSize="110"
          fontWeight="700"
          letterSpacing="8"
          fill="rgb(185 28 28)"
          fillOpacity="0.18"
        >
          DRAFT
        </text>
      </svg>
    </div>
  );
}

/** Widest a page is drawn at "Fit width", in CSS pixels (wider is harder to read). */
const MAX_PAGE_WIDTH = 880;
/** Room left around a page inside the viewer (the document's padding, pdf-document.tsx). */
const PAGE_MARGIN = 32;
/**
 * The scale a document opens at where "Fit width" would draw it smaller than its print size (a phone): CSS pixels per
 * PDF point, so 10-point body text is 12.5 CSS pixels, readable on a phone (docs/product.md#step-widgets). The page is
 * then wider than the viewer and scrolls sideways; "Fit width" shows it whole.
 */
export const PDF_READING_SCALE = 1.25;
/** Each press of "Zoom in" or "Zoom out" multiplies or divides the zoom by this. */
const ZOOM_STEP = 1.25;
/** Largest scale (CSS pixels per PDF point) "Zoom in" reaches. */
const MAX_SCALE = 4;
/** Smallest zoom "Zoom out" reaches, relative to "Fit width". */
const MIN_ZOOM = 0.5;

/** The viewer's zoom: the pages' width, what "Zoom in" and "Zoom out" lead to, and the scale shown. */
interface PdfZoom {
  /** Width to draw pages at, in CSS pixels; undefined until the viewer is measured. */
  width: number | undefined;
  /** The zoom (relative to "Fit width") "Zoom in" leads to; null at the largest. */
  in: number | null;
  /** The zoom (relative to "Fit width") "Zoom out" leads to; null at the smallest. */
  out: number | null;
  /** The scale against the print size, in percent; undefined until the page's size is known. */
  percent: number | undefined;
}

/**
 * The viewer's zoom (docs/product.md#step-widgets): the chosen zoom, else "Fit width", except where that would draw
 * the page smaller than its print size: then {@link PDF_READING_SCALE}.
 * @param fitWidth the viewer's inner width in CSS pixels (undefined until measured)
 * @param pagePoints the first page's width in PDF points (undefined until pdf.js has read it)
 * @param chosen the zoom the person chose, relative to "Fit width"; null when they have not chosen one
 */
function pdfZoom(fitWidth: number | undefined, pagePoints: number | undefined, chosen: number | null): PdfZoom {
  if (fitWidth === undefined) return { width: undefined, in: null, out: null, percent: undefined };
  const fitScale = pagePoints === undefined ? undefined : fitWidth / pagePoints;
  const opening = fitScale !== undefined && fitScale < 1 ? PDF_READING_SCALE / fitScale : 1;
  const zoom = chosen ?? opening;
  const maxZoom = fitScale === undefined ? 1 : Math.max(1, MAX_SCALE / fitScale);
  const larger = Math.min(maxZoom, zoom * ZOOM_STEP);
  const smaller = Math.max(MIN_ZOOM, zoom / ZOOM_STEP);
  return {
    width: Math.round(fitWidth * zoom),
    in: fitScale !== undefined && larger > zoom + 1e-6 ? larger : null,
    out: fitScale !== undefined && smaller < zoom - 1e-6 ? smaller : null,
    percent: fitScale === undefined ? undefined : Math.round(fitScale * zoom * 100),
  };
}

/**
 * The width to draw pages at for "Fit width": the viewer's inner width less a margin, at most {@link MAX_PAGE_WIDTH}; undefined until
 * measured (and where ResizeObserver is missing), when react-pdf uses the page's own width.
 */
function usePageWidth(): [
  ref: (element: HTMLDivElement | null) => (() => void) | undefined,
  width: number | undefined,
] {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () =>
      setWidth(Math.max(200, Math.min(MAX_PAGE_WIDTH, Math.floor(element.clientWidth - PAGE_MARGIN))));
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
