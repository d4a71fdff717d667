/** What the insight cards share: the distribution's short labels, a percentage, the dash of no figure, a legend (docs/product.md#admin-area). */

/** The distribution's labels on a phone. */
export const SHORT_BUCKET_LABELS: Record<string, string> = {
  'Under 1 week': '< 1 wk',
  '1–2 weeks': '1–2 wk',
  '2–4 weeks': '2–4 wk',
  '1–2 months': '1–2 mo',
  '2–3 months': '2–3 mo',
  '3 months or more': '3+ mo',
};

export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 100) / whole));
export const dash = <span aria-label="no figure">—</span>;

const SWATCH = { primary: 'bg-brand-700', secondary: 'bg-amber-700', tertiary: 'bg-slate-600' } as const;

/** The series of a chart in words, each with its colour (the bars also say which series they are). */
export function Legend({ items }: { items: [keyof typeof SWATCH, string][] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
      {items.map(([tone, text]) => (
        <li key={tone} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${SWATCH[tone]}`} />
          {text}
        </li>
      ))}
    </ul>
  );
}
