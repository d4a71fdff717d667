/**
 * The header of a checklist or of acknowledgments: the step's own header text (docs/product.md#step-cards) and how many
 * items are done, said politely to screen readers as it changes.
 */
export function ItemListHeader({ id, title, summary }: { id: string; title: string; summary: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h4 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h4>
      <p className="text-xs font-medium text-slate-600" aria-live="polite">
        {summary}
      </p>
    </div>
  );
}
