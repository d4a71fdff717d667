import { Spinner } from './spinner';

/** A centred spinner with a title and an optional line, announced politely to screen readers. */
export function FullPageStatus({ title, description }: { title: string; description?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        <Spinner className="size-8 text-brand-700" />
        <p className="text-lg font-semibold text-slate-900">{title}</p>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
    </div>
  );
}
