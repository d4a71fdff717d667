import { RoleConfigurationError } from '@shared/roles';
import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Card } from '@/components/ui/card';
import { SupportContact } from '@/components/ui/support-contact';
import { useConfig } from '@/features/app-config/api/get-config';
import { LogoutButton } from '@/features/auth/components/logout-button';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/**
 * SPEC §2 Error page: the root route's error element, so the router's own 'Unexpected Application Error!' view never
 * shows. Explains role configuration errors by role name.
 */
export function ErrorRoute() {
  const error = useRouteError();
  const config = useConfig();
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
          <LogoutButton>Sign Out</LogoutButton>
        </div>
        <SupportContact email={config.data?.supportEmail} className="mt-6" />
      </Card>
    </main>
  );
}
