import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The fills of a chart's series: each at least 4.5:1 against white, and always named in words beside it too. */
export const TONES = {
  primary: 'fill-brand-700',
  secondary: 'fill-amber-700',
  tertiary: 'fill-slate-600',
} as const;
export type Tone = keyof typeof TONES;

/** A rectangle in an SVG's units (CSS px in the insights charts). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A bar (or any mark) of a chart that opens the members behind it: an SVG link, so it is a Tab stop, announced as
 * its `label` ("Set up Slack: 1 completed (14%) of 7 members. Open the list."), which holds the text the bar shows
 * (WCAG 2.5.3 Label in name), opened with Enter or a click, and in a new tab with the browser's usual gestures. A ring
 * shows keyboard focus around what a click reaches.
 * @param href the members table's address
 * @param label what a screen reader announces: the text shown with the bar, and what it counts in words
 * @param x,y,width,height the bar, in the SVG's units; a zero-width bar still gets a 3-unit mark to focus
 * @param target what a click reaches, when more than the bar (its whole line or column: docs/product.md#accessibility,
 *   44 × 44 px with 200% text)
 */
export function BarLink({
  href,
  label,
  x,
  y,
  width,
  height,
  target,
  tone = 'primary',
  children,
}: {
  href: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  target?: Box;
  tone?: Tone;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  };
  const shown = Math.max(width, 3);
  return (
    <a href={href} aria-label={label} onClick={onClick} className="group cursor-pointer outline-none">
      <title>{label}</title>
      <rect
        x={target?.x ?? x - 3}
        y={target?.y ?? y - 3}
        width={target?.width ?? shown + 6}
        height={target?.height ?? height + 6}
        rx={4}
        className="fill-transparent stroke-brand-600 stroke-0 group-hover:stroke-2 group-focus-visible:stroke-[3]"
      />
      <rect x={x} y={y} width={shown} height={height} rx={2} className={`${TONES[tone]} group-hover:opacity-85`} />
      {children}
    </a>
  );
}
