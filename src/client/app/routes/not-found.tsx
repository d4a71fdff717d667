import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';
import { SupportContact } from '@/components/ui/support-contact';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/app-config/api/get-config';

/** The 404 page (docs/product.md#404-page). */
export function NotFoundRoute() {
  const location = useLocation();
  const config = useConfig();
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <Card className="w-full max-w-lg p-8 text-center sm:p-10">
        <Logo className="mx-auto size-14" />
        <p className="mt-6 text-5xl font-extrabold tracking-tight text-brand-700">404</p>
        <h1 className="mt-3 text-xl font-bold text-slate-900">We couldn't find the page you're looking for.</h1>
        <p className="mt-3 text-sm text-slate-600">
          The address{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono break-all text-slate-800">
            {location.pathname}
          </code>{' '}
          does not exist.
        </p>
        <Button asChild className="mt-6">
          <Link to={paths.home.getHref()}>Return to Dashboard</Link>
        </Button>
        <SupportContact email={config.data?.supportEmail} className="mt-6" />
      </Card>
    </main>
  );
}
