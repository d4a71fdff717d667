import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { useRef } from 'react';
import { BarLink, type Tone } from './bar-link';
import { useWidth } from './use-width';

/** One bar of a row: its value against the row's scale, the text shown after it, and where it leads. */
export interface HBar {
  key: string;
  value: number;
  /** Shown after the bar, e.g. '12 completed'. */
  text: string;
  /** Announced on focus, e.g. "Set up Slack: 12 of 20 members completed it". */
  label: string;
  href: string;
  tone?: Tone;
}

/** One row: a heading line and its bars, one under the other. */
export interface HBarRow {
  key: string;
  label: string;
  /** A word tag after the label, e.g. 'Most stop here' (emphasis that is not only colour). */
  tag?: string;
  bars: HBar[];
}

const BAR = 14;
const GAP = 4;
const LABEL = 22;
const ROW_GAP = 14;
/** Average advance of a character of the bars' text (text-xs), in em: enough for digits and lower-case words. */
const CHAR_EM = 0.6;
/**
 * The least height of a bar's line at 100% text, in px, growing with the text size: each bar's link takes its whole
 * line, 44 px tall with 200% text (WCAG 2.5.5 Target size, docs/product.md#accessibility).
 */
const TARGET = 22;

/**
 * The bar texts' size in px (text-xs: 0.75 rem, so the reading preferences' text size doubles it) and the room the
 * longest one needs, estimated from its characters.
 */
function textMetrics(rows: HBarRow[]): { fontPx: number; room: number } {
  const rootPx =
    typeof window === 'undefined' ? 16 : parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const fontPx = rootPx * 0.75;
  const longest = Math.max(0, ...rows.flatMap((row) => row.bars.map((bar) => bar.text.length)));
  return { fontPx, room: Math.ceil(longest * CHAR_EM * fontPx) + 16 };
}

/**
 * Horizontal bars in rows (the funnel and the cohorts), drawn with visx scales as SVG so that every bar is a link
 * (BarLink). The width follows the container; labels sit above the bars so long step titles fit on a phone.
 * @param max the value a full-width bar stands for (e.g. the members who have the step, or 100 %)
 * @param title the chart's accessible name (the SVG is a group of links named by it)
 */
export function HBarChart({ rows, max, title }: { rows: HBarRow[]; max: number; title: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  // The texts follow their bars while the bars keep at least half the width; on a narrow screen or at a large text
  // size each text goes on its own line under its bar, so that none is cut off at the card's edge.
  const { fontPx, room } = textMetrics(rows);
  const under = room > width / 2;
  const textLine = Math.ceil(fontPx * 1.5);
  const barRoom = Math.max(80, under ? width - 4 : width - room);
  // The bars grow with the text (text-xs is 12 px at 100%).
  const scale = fontPx / 12;
  const bar = Math.round(BAR * scale);
  const step = Math.max(bar + GAP + (under ? textLine : 0), Math.ceil(TARGET * scale));
  const x = scaleLinear<number>({ domain: [0, Math.max(1, max)], range: [0, barRoom] });
  const rowHeight = (row: HBarRow) => LABEL + row.bars.length * step + ROW_GAP;
  const tops = rows.map((_, i) => rows.slice(0, i).reduce((sum, row) => sum + rowHeight(row), 0));
  const height = rows.reduce((sum, row) => sum + rowHeight(row), 0);
  return (
    <div ref={ref} className="w-full min-w-0 overflow-hidden">
      <svg width={width} height={height} role="group" aria-label={title} className="block overflow-visible">
        {rows.map((row, index) => {
          const y = tops[index] ?? 0;
          return (
            <Group key={row.key} top={y}>
              <text x={0} y={15} className="fill-slate-900 text-[13px] font-semibold">
                {row.label}
                {row.tag !== undefined && <tspan className="fill-amber-800 font-bold">{`  ▲ ${row.tag}`}</tspan>}
              </text>
              {row.bars.map((item, i) => {
                const by = LABEL + i * step;
                const w = x(item.value);
                return (
                  <BarLink
                    key={item.key}
                    href={item.href}
                    label={item.label}
                    x={0}
                    y={by}
                    width={w}
                    height={bar}
                    target={{ x: 0, y: by - GAP / 2, width, height: step }}
                    tone={item.tone ?? 'primary'}
                  >
                    <text
                      x={under ? 0 : Math.max(w, 3) + 8}
                      y={under ? by + bar + textLine - 4 : by + bar / 2 + fontPx * 0.35}
                      className="fill-slate-800 text-xs"
                    >
                      {item.text}
                    </text>
                  </BarLink>
                );
              })}
            </Group>
          );
        })}
      </svg>
    </div>
  );
}
