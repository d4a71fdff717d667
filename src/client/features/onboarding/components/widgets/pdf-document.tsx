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
  /** Width of the pages in CSS pixels (the viewer's inner width). */
  width: number | undefined;
  onLoadSuccess: () => void;
  onLoadError: (error: Error) => void;
}

/**
 * Every page of a PDF, one under the other, with the text layer (so text can be selected and read by screen readers)
 * and links. The loading and failure states are the viewer's (pdf-viewer.tsx).
 */
export function PdfDocument({ url, width, onLoadSuccess, onLoadError }: PdfDocumentProps) {
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
      className="flex flex-col items-center gap-4 py-4"
    >
      {Array.from({ length: pages }, (_, i) => (
        <Page
          key={i}
          pageNumber={i + 1}
          {...(width === undefined ? {} : { width })}
          loading={null}
          className="overflow-hidden rounded-sm bg-white shadow-md"
        />
      ))}
    </Document>
  );
}
