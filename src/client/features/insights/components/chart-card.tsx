import type { UseQueryResult } from '@tanstack/react-query';
import BarChart3 from 'lucide-react/icons/chart-column';
import Download from 'lucide-react/icons/download';
import Table2 from 'lucide-react/icons/table-2';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { revealFocused } from '@/components/ui/scroll-region';

/**
 * One chart of the insights page: heading, a sentence or two in words (the text summary), the chart or — with the
 * toggle — the same figures as a table, and a CSV download of them. Shows a skeleton while loading, the server's
 * message with 'Try again' on an error, and `empty` when there is nothing to draw.
 */
export function ChartCard<T>({
  title,
  description,
  query,
  csvHref,
  isEmpty,
  empty,
  summary,
  chart,
  table,
}: {
  title: string;
  description: string;
  query: UseQueryResult<T>;
  csvHref: string;
  isEmpty: (data: T) => boolean;
  empty: string;
  summary: (data: T) => ReactNode;
  chart: (data: T) => ReactNode;
  table: (data: T) => ReactNode;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-3 sm:p-6" aria-labelledby={`${id}-title`} role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-[min(16rem,100%)] flex-1">
          <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h3>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
            {asTable ? 'Show chart' : 'Show table'}
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={csvHref} download aria-label={`Download ${title} as CSV`}>
              <Download aria-hidden="true" /> CSV
            </a>
          </Button>
        </div>
      </div>
      <QueryView
        query={query}
        loading={`Loading ${title.toLowerCase()}…`}
        placeholders={['h-5 w-2/3 rounded', 'h-40 rounded-lg']}
        isEmpty={isEmpty}
        empty={empty}
        className="flex flex-col gap-4"
      >
        {(data) => (
          <>
            <div className="text-sm text-slate-800">{summary(data)}</div>
            {asTable ? (
              <div className="relative overflow-x-auto" onFocus={revealFocused}>
                {table(data)}
              </div>
            ) : (
              chart(data)
            )}
          </>
        )}
      </QueryView>
    </Card>
  );
}

/**
 * The look of the charts' data tables. A number's link is at least 1.375 rem square: 44 × 44 px with 200% text (WCAG
 * 2.5.5, docs/product.md#accessibility).
 */
export const tableClass =
  'w-full min-w-max border-collapse text-left text-sm [&_td]:border-t [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-slate-700 [&_thead_th]:bg-slate-50 [&_td_a]:inline-flex [&_td_a]:min-h-[1.375rem] [&_td_a]:min-w-[1.375rem] [&_td_a]:items-center';

/** A number in a data table that opens the members behind it. */
export function NumberLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <Link
      to={href}
      aria-label={label}
      className="font-semibold text-brand-700 tabular-nums underline underline-offset-2 hover:text-brand-800"
    >
      {children}
    </Link>
  );
}
