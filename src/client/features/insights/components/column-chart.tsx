import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useRef } from 'react';
import { BarLink } from './bar-link';
import { useWidth } from './use-width';

/** One column: its value, the axis label, what is announced and where it leads. */
export interface Column {
  key: string;
  value: number;
  /** Under the column (may be '' to thin out a crowded axis). */
  tick: string;
  /** Under the column when the columns are narrow (a phone); default `tick`. */
  shortTick?: string;
  label: string;
  href: string;
}

/** The margins around the plot at 100% text, in px; they grow with the text size, as the axis texts in them do. */
const MARGIN = { top: 18, right: 8, bottom: 36, left: 40 };
/**
 * The axis and value texts: 11 px at 100% text, in rem so that they grow with the reader's text size (WCAG 1.4.4
 * Resize text, docs/product.md#accessibility).
 */
const LABEL = 'fill-slate-700 text-[0.6875rem]';
/**
 * The least width of a column's link at 100% text, in px, growing with the text size: 44 px with 200% text (WCAG 2.5.5
 * Target size, docs/product.md#accessibility). Where the columns need more than the card's width, the chart scrolls
 * sideways in a box of its own.
 */
const TARGET = 22;
/** The space between columns, as a share of each column's width (visx's band padding). */
const PADDING = 0.2;

/**
 * Vertical columns with a value axis (time to complete, activity), drawn with visx scales and axes as SVG; each
 * column is a link (BarLink), its value written above it when there is room.
 * @param title the chart's accessible name
 * @param valueName what the value axis counts, e.g. 'members'
 */
export function ColumnChart({
  columns,
  title,
  valueName,
  height = 220,
}: {
  columns: Column[];
  title: string;
  valueName: string;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const boxWidth = useWidth(ref);
  const rootPx =
    typeof window === 'undefined' ? 16 : parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  // How much larger than 100% the text is: the margins, gaps and thresholds that hold texts grow with it.
  const scale = rootPx / 16;
  const margin = {
    top: MARGIN.top * scale,
    right: MARGIN.right,
    bottom: MARGIN.bottom * scale,
    left: MARGIN.left * scale,
  };
  const least = Math.ceil(TARGET * scale * (columns.length + PADDING));
  const innerWidth = Math.max(60, least, boxWidth - margin.left - margin.right);
  const width = innerWidth + margin.left + margin.right;
  const scrolls = width > boxWidth + 0.5;
  // The plot keeps its height; the margins around it grow.
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const fullHeight = innerHeight + margin.top + margin.bottom;
  const x = scaleBand<string>({ domain: columns.map((c) => c.key), range: [0, innerWidth], padding: PADDING });
  const top = Math.max(1, ...columns.map((c) => c.value));
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const narrow = x.bandwidth() < 64 * scale;
  const ticks = new Map(columns.map((c) => [c.key, narrow ? (c.shortTick ?? c.tick) : c.tick]));
  const showValues = x.bandwidth() >= 18 * scale;
  // Labels at least about 56 px apart (44 px for short labels): on a narrow chart, every second (third…) labelled
  // column keeps its label.
  const labelled = columns.filter((c) => c.tick !== '');
  const gap = (narrow && columns.some((c) => c.shortTick !== undefined) ? 44 : 56) * scale;
  const every = Math.max(1, Math.ceil((labelled.length * gap) / innerWidth));
  const tickValues = labelled.filter((_, i) => i % every === 0).map((c) => c.key);
  return (
    <div
      ref={ref}
      className="w-full min-w-0 overflow-x-auto"
      // A box that scrolls is reached with the keyboard (WCAG 2.1.1).
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${title} (scrolls sideways)` } : {})}
    >
      <svg width={width} height={fullHeight} role="group" aria-label={title} className="block">
        <Group left={margin.left} top={margin.top}>
          <AxisLeft
            scale={y}
            numTicks={Math.min(5, top)}
            tickFormat={(v) => Number(v).toLocaleString('en-GB')}
            stroke="#94a3b8"
            tickStroke="#94a3b8"
            tickLabelProps={{ className: LABEL, textAnchor: 'end', dx: -4, dy: 3 * scale }}
            label={valueName}
            labelProps={{ className: LABEL, textAnchor: 'middle' }}
            labelOffset={26 * scale}
          />
          {columns.map((c) => {
            const bx = x(c.key) ?? 0;
            const by = y(c.value);
            return (
              <BarLink
                key={c.key}
                href={c.href}
                label={c.label}
                x={bx}
                y={Math.min(by, innerHeight - 2)}
                width={x.bandwidth()}
                height={Math.max(2, innerHeight - by)}
                target={{
                  x: bx - (x.step() - x.bandwidth()) / 2,
                  y: -margin.top,
                  width: x.step(),
                  height: margin.top + innerHeight,
                }}
              >
                {showValues && c.value > 0 && (
                  <text
                    x={bx + x.bandwidth() / 2}
                    y={Math.min(by, innerHeight - 3) - 5}
                    textAnchor="middle"
                    className="fill-slate-800 text-[0.6875rem] font-semibold"
                  >
                    {c.value.toLocaleString('en-GB')}
                  </text>
                )}
              </BarLink>
            );
          })}
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={tickValues}
            tickFormat={(key) => ticks.get(key) ?? ''}
            hideTicks
            stroke="#94a3b8"
            tickLabelProps={{ className: LABEL, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    </div>
  );
}
