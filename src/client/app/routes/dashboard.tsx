import { RoleConfigurationError } from '@shared/roles';
import { roleColorsOrFallback } from '@shared/colors';
import { APP_VERSION } from '@shared/content-schema';
import { AppFooter } from '@/components/layouts/app-footer';
import { AppHeader } from '@/components/layouts/app-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useConfig } from '@/features/app-config/api/get-config';
import { useMe } from '@/features/auth/api/get-me';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';
import { useOnboarding } from '@/features/onboarding/api/get-onboarding';
import { OnboardingView } from '@/features/onboarding/components/onboarding-view';
import { RoleBadge } from '@/features/onboarding/components/role-badge';
import { isApiError } from '@/lib/api-client';

function DashboardSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading your onboarding steps…</span>
      <Skeleton className="h-44 rounded-2xl" />
      <Skeleton className="h-6 w-48" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}

/** HTTP status of GET /api/onboarding when the member's role configuration is missing (src/shared/api.ts). */
const ROLE_CONFIGURATION_CONFLICT = 409;

/**
 * Turns a failed onboarding load into the error the Error page explains (SPEC §5 "Missing role configuration"):
 * the server's 409 names the role; any other failure stays a plain error.
 */
function onboardingLoadError(error: Error, userRole: string): Error {
  if (isApiError(error) && (error.role !== undefined || error.status === ROLE_CONFIGURATION_CONFLICT)) {
    return new RoleConfigurationError(error.message, error.role ?? userRole);
  }
  return error;
}

/** /dashboard (SPEC §2): header, progress panel, scope blocks, footer. Rendered inside the protected wrapper. */
export function DashboardRoute() {
  const { data: user } = useMe();
  const onboarding = useOnboarding();
  const config = useConfig();

  if (!user) return null;
  // A 401 is handled by the protected wrapper (the user is cleared); everything else goes to the Error page.
  if (onboarding.isError && !(isApiError(onboarding.error) && onboarding.error.status === 401)) {
    throw onboardingLoadError(onboarding.error, user.role);
  }
  const role = onboarding.data?.role;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <AppHeader isDevelopmentUser={user.isDevelopmentUser}>
        <UserSummary user={user} badge={
            role ? (
              <RoleBadge
                role={user.role}
                fallbackLabel={role.displayName}
                baseColor={roleColorsOrFallback(role.key, role.colors).baseColor}
              />
            ) : (
              <Skeleton className="h-5 w-20 rounded-full" />
            )
          } />
        <LogoutButton variant="outline" size="sm" className="max-sm:px-2.5" />
      </AppHeader>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
        {onboarding.data ? (
          <OnboardingView onboarding={onboarding.data} userName={user.name} userRole={user.role} />
        ) : (
          <DashboardSkeleton />
        )}
      </main>
      <AppFooter
        supportEmail={config.data?.supportEmail}
        appVersion={config.data?.version ?? onboarding.data?.appVersion ?? APP_VERSION}
        {...(role ? { roleVersion: `${role.displayName} ${role.version}` } : {})}
      />
    </div>
  );
}
