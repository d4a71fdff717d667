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
/** Room between a row's label and its first bar, in px. */
const LABEL_GAP = 6;
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
 * A text's words on lines of at most `maxChars` characters each; a longer word has a line of its own.
 * @param text the words, separated by spaces
 * @param maxChars the most characters a line holds (estimated from the text size, {@link CHAR_EM})
 * @returns the lines, at least one
 */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length === 0 ? [''] : lines;
}

/**
 * Horizontal bars in rows (the funnel and the cohorts), drawn with visx scales as SVG so that every bar is a link
 * (BarLink). The width follows the container; each row's label is a line of HTML above its bars, so that a long step
 * title wraps on a phone and grows with the text size.
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
  // Under its bar, a text longer than the width goes on as many lines as it needs; each line but the last ends with its
  // space, so that the text's words stay apart for whoever reads it as text (its link's name holds them, WCAG 2.5.3).
  const maxChars = Math.max(1, Math.floor((width - 4) / (CHAR_EM * fontPx)) - 1);
  const linesOf = (text: string) => (under ? wrapWords(text, maxChars) : [text]);
  const stepOf = (lines: number) => Math.max(bar + GAP + (under ? lines * textLine : 0), Math.ceil(TARGET * scale));
  const x = scaleLinear<number>({ domain: [0, Math.max(1, max)], range: [0, barRoom] });
  const laidOut = (row: HBarRow) => {
    let top = LABEL_GAP;
    const bars = row.bars.map((item) => {
      const lines = linesOf(item.text);
      const placed = { item, lines, top, step: stepOf(lines.length) };
      top += placed.step;
      return placed;
    });
    return { bars, height: top + ROW_GAP };
  };
  return (
    <div ref={ref} role="group" aria-label={title} className="w-full min-w-0 overflow-hidden">
      {rows.map((row) => {
        const { bars, height } = laidOut(row);
        return (
          <div key={row.key}>
            {/* HTML, not SVG text: it wraps, and grows with the reading preferences' text size (WCAG 1.4.4, 1.4.10). */}
            <p className="text-[0.8125rem] leading-snug font-semibold break-words text-slate-900">
              {row.label}
              {row.tag !== undefined && <span className="ml-2 font-bold text-amber-800">{`▲ ${row.tag}`}</span>}
            </p>
            <svg width={width} height={height} className="block overflow-visible">
              {bars.map(({ item, lines, top: by, step }) => {
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
                      {lines.map((line, k) => (
                        <tspan key={k} x={under ? 0 : Math.max(w, 3) + 8} dy={k === 0 ? 0 : textLine}>
                          {k < lines.length - 1 ? `${line} ` : line}
                        </tspan>
                      ))}
                    </text>
                  </BarLink>
                );
              })}
            </svg>
          </div>
        );
      })}
    </div>
  );
}
