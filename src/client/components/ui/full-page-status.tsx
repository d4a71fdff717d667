import { Spinner } from './spinner';

/**
 * A centred spinner with a title and an optional line, announced politely to screen readers. It stands for a whole
 * page while that page cannot show yet ('Authenticating', 'Loading'), so it is the page's main landmark and its title
 * is the page's h1 (docs/product.md#accessibility).
 */
export function FullPageStatus({ title, description }: { title: string; description?: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        <Spinner className="size-8 text-brand-700" />
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
    </main>
  );
}
