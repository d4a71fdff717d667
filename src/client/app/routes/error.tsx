import { RoleConfigurationError } from '@shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SupportContact } from '@/components/ui/support-contact';
import { useConfig } from '@/features/app-config/api/get-config';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { isApiError } from '@/lib/api-client';
import { PageLoadError } from '../lazy-page';

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/**
 * A failure that may pass by itself: the server unavailable (5xx, e.g. 503 without its database) or unreachable, or
 * a page's code that could not be downloaded.
 */
function isPassing(error: unknown): boolean {
  return error instanceof PageLoadError || (isApiError(error) && (error.status === 0 || error.status >= 500));
}

/**
 * The Error page (docs/product.md#error-page), shown by the pages' error boundary (app/page-error-boundary.tsx).
 * Explains role configuration errors by role name. When the server was unavailable or unreachable
 * (docs/architecture.md#database-unavailable), 'Try again' loads the page again without a reload: the failed requests
 * are asked anew. When the page's own code could not be downloaded, 'Try again' reloads the document, the one way to
 * get it after a lost connection or a new release (React keeps a failed lazy import, and the old chunk may be gone).
 * @param error what the page threw: an ApiError, a RoleConfigurationError, a PageLoadError or anything else
 */
export function ErrorRoute({ error }: { error: unknown }) {
  const config = useConfig();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const tryAgain = async () => {
    if (error instanceof PageLoadError) {
      window.location.reload();
      return;
    }
    await queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    // A new location clears the boundary's error: the page renders again and asks the server.
    await navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  };
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <Card className="w-full max-w-lg p-8 sm:p-10">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-red-100 text-red-700">
            <TriangleAlert aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">Application Error</h1>
        </div>
        <p className="mt-4 text-base text-slate-700">
          {error instanceof RoleConfigurationError
            ? `We couldn't find the configuration for role ${error.role}.`
            : 'We encountered an unexpected error.'}
        </p>
        <pre className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
          {errorText(error)}
        </pre>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {isPassing(error) ? <Button onClick={() => void tryAgain()}>Try again</Button> : null}
          <LogoutButton>Sign Out</LogoutButton>
        </div>
        <SupportContact email={config.data?.supportEmail} className="mt-6" />
      </Card>
    </main>
  );
}
