import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';

// This module is loaded only when a PDF is shown (pdf-viewer.tsx imports it lazily), so pdf.js and its worker are
// never part of the login or dashboard start-up code.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** pdf.js options; one object for the module's lifetime (react-pdf reloads the file when they change). */
const OPTIONS = {
  // Our Content Security Policy has no 'unsafe-eval'; pdf.js then uses its slower, eval-free font path.
  isEvalSupported: false,
};

export interface PdfDocumentProps {
  url: string;
  /**
   * Width of the pages in CSS pixels: the viewer's inner width ("Fit width") times the zoom the person chose. A page
   * wider than the viewer is scrolled sideways.
   */
  width: number | undefined;
  onLoadSuccess: () => void;
  onLoadError: (error: Error) => void;
  /** The first page's own width in PDF points (1 point = 1 CSS pixel at 100 %), once it is known. */
  onPageWidth: (points: number) => void;
}

/**
 * Every page of a PDF, one under the other, with the text layer (so text can be selected and read by screen readers)
 * and links. The loading and failure states are the viewer's (pdf-viewer.tsx). Changing `width` draws the pages again
 * without loading the document again, so the step's reading time keeps counting.
 */
export function PdfDocument({ url, width, onLoadSuccess, onLoadError, onPageWidth }: PdfDocumentProps) {
  const [pages, setPages] = useState(0);
  return (
    <Document
      file={url}
      options={OPTIONS}
      loading={null}
      error={null}
      noData={null}
      onLoadSuccess={({ numPages }) => {
        setPages(numPages);
        onLoadSuccess();
      }}
      onLoadError={onLoadError}
      onSourceError={onLoadError}
      // As wide as its widest page (so a zoomed page can be scrolled to its left edge), and at least the viewer's width
      // (so a narrower page is centred).
      className="flex w-max min-w-full flex-col items-center gap-4 p-4"
    >
      {Array.from({ length: pages }, (_, i) => (
        <Page
          key={i}
          pageNumber={i + 1}
          {...(width === undefined ? {} : { width })}
          loading={null}
          onLoadSuccess={i === 0 ? (page) => onPageWidth(page.originalWidth) : undefined}
          className="overflow-hidden rounded-sm bg-white shadow-md"
        />
      ))}
    </Document>
  );
}
