import { Skeleton } from './skeleton';

interface LoadingStatusProps {
  /** What is loading, for screen readers only, e.g. 'Loading your devices…'. */
  label: string;
  /** The grey blocks shown meanwhile, one per entry, by their classes (their size and corners). */
  placeholders: readonly string[];
  /** The box's classes (the space between the blocks). */
  className?: string;
}

/**
 * What a part of a page shows while its data loads: grey blocks the size of what is coming, in a polite status
 * region that says in words what is loading (docs/product.md#accessibility). The blocks are hidden from screen
 * readers.
 */
export function LoadingStatus({ label, placeholders, className }: LoadingStatusProps) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {placeholders.map((placeholder, i) => (
        <Skeleton key={i} className={placeholder} />
      ))}
    </div>
  );
}
