import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './button';
import { LoadingStatus } from './loading-status';

interface QueryViewProps<T> {
  /** The request whose answer is shown. */
  query: UseQueryResult<T>;
  /** What is loading, for screen readers only, e.g. 'Loading members…'. */
  loading: string;
  /** The grey blocks shown while it loads, by their classes ({@link LoadingStatus}). */
  placeholders: readonly string[];
  /** The loading box's classes (the space between the blocks). */
  loadingClassName?: string;
  /** Whether the answer has nothing to show; then `empty` is shown instead. */
  isEmpty?: (data: T) => boolean;
  /** What an empty answer says, e.g. 'No entries match.'. */
  empty?: ReactNode;
  /** The classes of the box around what `children` draws. */
  className?: string;
  /** What the answer shows. */
  children: (data: T) => ReactNode;
}

/**
 * An admin list or chart fetched from the API, in each of its states: loading (grey blocks in a status region that
 * says what is loading), failed (an alert with the server's message and 'Try again', which asks again), empty (a
 * dashed box saying so) and there — drawn by `children`, in a box that is `aria-busy` while a newer answer (another
 * page, other filters) is on its way (docs/product.md#admin-area).
 */
export function QueryView<T>({
  query,
  loading,
  placeholders,
  loadingClassName = 'space-y-2',
  isEmpty,
  empty,
  className,
  children,
}: QueryViewProps<T>) {
  if (query.isPending)
    return <LoadingStatus label={loading} placeholders={placeholders} className={loadingClassName} />;
  if (query.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>{query.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty?.(query.data) === true) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-3 py-6 text-center text-slate-600 sm:px-6">
        {empty}
      </p>
    );
  }
  return (
    <div aria-busy={query.isFetching} className={className}>
      {children(query.data)}
    </div>
  );
}
