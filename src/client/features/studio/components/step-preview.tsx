import { roleColorsOrFallback } from '@shared/colors';
import type { RoleConfiguration, Step } from '@shared/content-schema';
import Monitor from 'lucide-react/icons/monitor';
import Smartphone from 'lucide-react/icons/smartphone';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { roleAccentColor, StepCard } from '@/features/onboarding';

/** The preview's widths in CSS pixels: a laptop's dashboard column (above the 640 px breakpoint), and a common phone. */
export const PREVIEW_WIDTHS = { desktop: 800, phone: 390 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const FRAME_DOCUMENT = '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>';

/**
 * A same-origin iframe of `width` CSS pixels whose body renders `children` through a portal, with the app's own
 * styles copied in: the member's components lay out (media queries and all) as they do in a window of that width.
 * It is scaled down to fit its column, and as tall as its content.
 */
function PreviewFrame({ width, title, children }: { width: number; title: string; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const outer = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(200);
  const [available, setAvailable] = useState(width);

  const attach = () => {
    const doc = frame.current?.contentDocument;
    if (!doc?.body || doc.body === body) return;
    for (const node of document.head.querySelectorAll('link[rel="stylesheet"], style'))
      doc.head.appendChild(node.cloneNode(true));
    doc.body.className = 'bg-slate-50 p-3 sm:p-4';
    setBody(doc.body);
  };

  useEffect(() => {
    // srcdoc documents are usually ready at once; onLoad catches the others.
    if (frame.current?.contentDocument?.readyState === 'complete') attach();
  });

  useEffect(() => {
    if (!body) return;
    const observer = new ResizeObserver(() => setHeight(Math.ceil(body.getBoundingClientRect().height)));
    observer.observe(body);
    return () => observer.disconnect();
  }, [body]);

  useEffect(() => {
    const element = outer.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setAvailable(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = available > 0 ? Math.min(1, available / width) : 1;
  return (
    <div ref={outer} className="w-full overflow-hidden" style={{ height: Math.max(height, 120) * scale }}>
      <iframe
        ref={frame}
        title={title}
        srcDoc={FRAME_DOCUMENT}
        onLoad={attach}
        className="origin-top-left rounded-xl border border-slate-200 bg-slate-50"
        style={{ width, height: Math.max(height, 120), transform: `scale(${scale})` }}
      />
      {body ? createPortal(children, body) : null}
    </div>
  );
}

interface StepPreviewProps {
  step: Step;
  role: RoleConfiguration;
}

/**
 * The step as a member will see it (docs/product.md#content-studio): the member's own step card, open, in a frame of a
 * computer's or a phone's width. Its buttons and ticks work here too, and change nothing on the server.
 */
export function StepPreview({ step, role }: StepPreviewProps) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [open, setOpen] = useState(true);
  const [completed, setCompleted] = useState(false);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const accent = roleAccentColor(roleColorsOrFallback(role.key, role.colors).baseColor);
  const isMobile = width === 'phone';
  return (
    <section aria-labelledby="studio-preview-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="studio-preview-heading" className="text-base font-semibold text-slate-900">
          Preview
        </h3>
        <div role="group" aria-label="Preview width" className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant={isMobile ? 'outline' : 'default'}
            aria-pressed={!isMobile}
            onClick={() => setWidth('desktop')}
          >
            <Monitor aria-hidden="true" /> Computer
          </Button>
          <Button
            size="sm"
            variant={isMobile ? 'default' : 'outline'}
            aria-pressed={isMobile}
            onClick={() => setWidth('phone')}
          >
            <Smartphone aria-hidden="true" /> Phone
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-600">
        How a member sees this step at {PREVIEW_WIDTHS[width]} pixels wide. Trying the buttons here changes nothing for
        anyone.
      </p>
      <div className={isMobile ? 'mx-auto max-w-[390px]' : ''}>
        <PreviewFrame
          key={width}
          width={PREVIEW_WIDTHS[width]}
          title={`Preview of ${step.title || 'the step'} at ${isMobile ? 'phone' : 'computer'} width`}
        >
          <StepCard
            step={step}
            status={completed ? 'completed' : 'active'}
            index={0}
            isOpen={open}
            onToggle={() => setOpen((o) => !o)}
            onSetCompleted={(c) => {
              setCompleted(c);
              if (!c) setDone(new Set());
            }}
            doneItems={done}
            onItemChange={(itemId, isDone) =>
              setDone((current) => {
                const next = new Set(current);
                if (isDone) next.add(itemId);
                else next.delete(itemId);
                return next;
              })
            }
            readOnly={false}
            answersReadOnly
            password={step.envVariable ? { value: undefined, hiddenReason: 'development' } : undefined}
            isMobile={isMobile}
            accent={accent}
          />
        </PreviewFrame>
      </div>
    </section>
  );
}
