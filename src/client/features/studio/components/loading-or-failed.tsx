import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface LoadingOrFailedProps {
  /** A request that is still loading or has failed. */
  query: UseQueryResult<unknown>;
  /** What the line says while it loads, e.g. 'Loading the files…'. */
  loading: string;
  /** What the alert says when it failed, before the server's message, e.g. 'The files could not be loaded'. */
  failed: string;
}

/**
 * What a studio tab shows before its data is there (docs/product.md#content-studio): a line with a spinner while it
 * loads, or an alert with what could not be loaded, the server's message and 'Try again', which asks again.
 */
export function LoadingOrFailed({ query, loading, failed }: LoadingOrFailedProps) {
  if (!query.isError) {
    return (
      <p className="flex items-center gap-2 text-slate-700">
        <Spinner className="size-4" /> {loading}
      </p>
    );
  }
  return (
    <div role="alert" className="space-y-2">
      <p>
        {failed}: {query.error.message}
      </p>
      <Button variant="outline" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
