import type { Onboarding } from '@shared/onboarding-join';
import { roleColorsOrFallback } from '@shared/colors';
import { DASHBOARD_PREVIEW_PARAM } from '@shared/document-answers';
import { APP_VERSION } from '@shared/version';
import { RoleConfigurationError } from '@shared/roles';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toasts';
import { AppFooter } from '@/components/layouts/app-footer';
import { adminViewOf } from '@/features/admin/utils/admin-access';
import { AppHeader } from '@/components/layouts/app-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SkipLink } from '@/components/ui/skip-link';
import { useConfig } from '@/features/app-config/api/get-config';
import { useMe } from '@/features/auth/api/get-me';
import { DevicesLink } from '@/features/auth/components/devices-link';
import { MyTasksLink } from '@/features/team-tasks/components/my-tasks-link';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { useDueDates } from '@/features/onboarding/api/get-due-dates';
import { LookingAroundNotice } from '@/features/onboarding/components/looking-around-notice';
import {
  isRoleConfigurationFailure,
  useOnboarding,
  usePreviewOnboarding,
} from '@/features/onboarding/api/get-onboarding';
import { preloadStepWidgets } from '@/features/onboarding/components/lazy-widgets';
import { MobileWarningDialog } from '@/features/onboarding/components/mobile-warning-dialog';
import { OnboardingView } from '@/features/onboarding/components/onboarding-view';
import { PeopleContext } from '@/features/onboarding/people-context';
import { ProgressSaveNotice } from '@/features/onboarding/components/progress-save-notice';
import { PreviewBanner, RolePreviewMenu } from '@/features/onboarding/components/role-preview';
import { RoleBadge } from '@/features/onboarding/components/role-badge';
import { useLocalProgressImport } from '@/features/onboarding/hooks/use-local-progress-import';
import { useServerProgress } from '@/features/onboarding/hooks/use-server-progress';
import { useClickCount } from '@/hooks/use-click-count';
import { useHydrating } from '@/hooks/use-hydrating';
import { ApiError, isApiError } from '@/lib/api-client';
import { DASHBOARD_CONFETTI_PIECES, playConfetti } from '@/lib/confetti';

function DashboardSkeleton() {
  return (
    // As tall as the screen, so the footer stays below the fold until the steps arrive (no layout shift).
    <div role="status" aria-live="polite" className="min-h-dvh space-y-6">
      <span className="sr-only">Loading your onboarding steps…</span>
      <Skeleton className="h-44 rounded-2xl" />
      <Skeleton className="h-6 w-48" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}

/** The error text of a role load failure that is not a known one (the product's wording). */
const UNKNOWN_ROLE_LOAD_ERROR = 'Unknown error loading role configuration';

/** The address parameter that holds the previewed role (a reload keeps the preview; 'Back to my steps' drops it). */
const PREVIEW_PARAM = DASHBOARD_PREVIEW_PARAM;
/** The step a link opens (a reminder's link: `/dashboard?step=<id>`, docs/product.md#due-dates-and-reminders). */
const STEP_PARAM = 'step';

/** Logo clicks that play confetti (docs/product.md#constants: "5 logo clicks"). */
const LOGO_CLICKS = 5;

/**
 * Turns a failed onboarding load into the error the Error page explains (docs/product.md#error-page):
 * the server's 409 names the role; a failure without any explanation reads 'Unknown error loading role
 * configuration'; any other failure keeps its message.
 */
function onboardingLoadError(error: Error, userRole: string): Error {
  if (isRoleConfigurationFailure(error)) {
    return new RoleConfigurationError(error.message, error.role ?? userRole);
  }
  // A failure nobody explained (an unreadable answer, an error status without a message): the product's own words.
  if (isApiError(error) && error.unexplained !== undefined) {
    return new ApiError(error.status, UNKNOWN_ROLE_LOAD_ERROR, undefined, error.unexplained);
  }
  if (!error.message) return new Error(UNKNOWN_ROLE_LOAD_ERROR);
  return error;
}

/** The steps shown: a role preview's while it loads well, else the member's own. */
function useShownOnboarding() {
  const [searchParams, setSearchParams] = useSearchParams();
  const previewRole = searchParams.get(PREVIEW_PARAM) ?? undefined;
  const due = useDueDates(previewRole === undefined);
  const dueDates = useMemo(() => new Map((due.data?.steps ?? []).map((s) => [s.stepId, s])), [due.data]);
  const own = useOnboarding();
  const preview = usePreviewOnboarding(previewRole);

  const setPreviewRole = (key: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (key === null) next.delete(PREVIEW_PARAM);
        else next.set(PREVIEW_PARAM, key);
        return next;
      },
      { replace: true },
    );

  // A preview that cannot be shown (no longer allowed, unknown role) falls back to the member's own steps.
  const previewError = previewRole !== undefined && preview.isError ? preview.error : null;
  useEffect(() => {
    if (!previewError) return;
    toast.error('Could not preview that role', { description: previewError.message });
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(PREVIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [previewError, setSearchParams]);

  const shown: Onboarding | undefined = previewRole !== undefined ? preview.data : own.data;
  const initialStepId = searchParams.get(STEP_PARAM) ?? undefined;
  // docs/product.md#who-starts-an-onboarding: someone with an admin role who signed in to look around.
  const lookingAround = previewRole === undefined && due.data?.onboarding === false;
  return { own, shown, setPreviewRole, dueDates, initialStepId, lookingAround };
}

/**
 * Why shared passwords are hidden here before asking (docs/product.md#shared-passwords placeholders): a role preview never sees one. Otherwise
 * null: each open password step asks the server, which decides for development and Google sessions alike (docs/product.md#shared-passwords).
 */
function passwordHiddenReason(previewing: boolean) {
  return previewing ? ('development' as const) : null;
}

/** Starts loading the widgets of the first step not completed yet, the one the dashboard opens. */
function preloadFirstOpenStep(onboarding: Onboarding): void {
  const completed = new Set(onboarding.progress.completed.map((c) => c.stepId));
  const step = onboarding.scopes.flatMap((scope) => scope.steps).find((s) => !completed.has(s.id));
  if (step !== undefined) preloadStepWidgets(step);
}

/** /dashboard (docs/product.md#dashboard): header, progress panel, scope blocks, footer. Rendered inside the protected wrapper. */
export function DashboardRoute() {
  const { data: user } = useMe();
  const { own, shown, setPreviewRole, dueDates, initialStepId, lookingAround } = useShownOnboarding();
  const config = useConfig();
  const onLogoClick = useClickCount(LOGO_CLICKS, () => playConfetti(DASHBOARD_CONFETTI_PIECES));
  const previewing = shown?.preview === true;
  const progress = useServerProgress(shown?.progress ?? EMPTY_PROGRESS, previewing);
  useLocalProgressImport(user?.id, own.data);
  // Meanwhile the widgets of the step that will open (the first not completed) start loading, so they are normally
  // there when it mounts instead of after a 'Loading…' (docs/decisions/014-load-what-the-page-shows.md).
  useEffect(() => {
    if (shown !== undefined) preloadFirstOpenStep(shown);
  }, [shown]);

  if (!user) return null;
  // A 401 is handled by the protected wrapper (the user is cleared); everything else goes to the Error page, unless
  // steps are already shown: a failed refetch (the server unavailable for a while) keeps them, and their unsaved changes.
  if (own.isError && !own.data && !(isApiError(own.error) && own.error.status === 401)) {
    throw onboardingLoadError(own.error, user.role);
  }
  const role = shown?.role;
  const ownRole = own.data?.role;

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader
        isDevelopmentUser={user.isDevelopmentUser}
        isAdmin={adminViewOf(user) !== null}
        isEditor={user.isEditor === true}
        onLogoClick={onLogoClick}
      >
        <UserSummary
          user={user}
          badge={
            ownRole ? (
              <RoleBadge
                role={user.roleText ?? user.role}
                fallbackLabel={ownRole.displayName}
                baseColor={roleColorsOrFallback(ownRole.key, ownRole.colors).baseColor}
              />
            ) : (
              <Skeleton className="h-5 w-20 rounded-full" />
            )
          }
        />
        {/* The role switcher of the header: a read-only role preview, for those the server allows it. */}
        {own.data?.canPreviewRoles && role && ownRole ? (
          <RolePreviewMenu
            roles={own.data.previewRoles}
            currentRole={{ key: role.key, displayName: role.displayName }}
            ownRoleKey={ownRole.key}
            developmentMode={config.data?.signIn.development === true}
            onChange={setPreviewRole}
          />
        ) : null}
        <MyTasksLink />
        <DevicesLink />
        <LogoutButton variant="outline" size="sm" className="max-sm:px-2.5" />
      </AppHeader>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <ProgressSaveNotice />
        <WhenStepsReady ready={shown !== undefined} skeleton={<DashboardSkeleton />}>
          {shown ? (
            <PeopleContext value={shown.people}>
              <OnboardingView
                // A new role's steps start fresh: which step is open belongs to the role shown.
                key={shown.role.key}
                role={shown.role}
                scopes={shown.scopes}
                progress={progress}
                userName={displayNameOf(user.name)}
                userRole={previewing ? shown.role.key : user.role}
                confettiPieces={DASHBOARD_CONFETTI_PIECES}
                celebrationKey={previewing ? undefined : `${user.id}:${shown.role.key}`}
                progressLabel={previewing ? `Your progress on the ${shown.role.displayName} steps` : undefined}
                passwordHiddenReason={passwordHiddenReason(previewing)}
                notice={
                  previewing ? (
                    <PreviewBanner roleName={shown.role.displayName} onExit={() => setPreviewRole(null)} />
                  ) : lookingAround ? (
                    <LookingAroundNotice />
                  ) : null
                }
                dueDates={previewing ? undefined : dueDates}
                initialStepId={initialStepId}
              />
            </PeopleContext>
          ) : null}
        </WhenStepsReady>
      </main>
      <AppFooter
        orgName={config.data?.orgName}
        supportEmail={config.data?.supportEmail}
        appVersion={config.data?.version ?? shown?.appVersion ?? APP_VERSION}
        {...(role ? { roleVersion: `${role.displayName} ${role.version}` } : {})}
      />
      <MobileWarningDialog />
    </div>
  );
}

/**
 * The steps once they may be shown, else the skeleton. The steps (the most work of the page by far) appear in a
 * background render that React does in short slices, so a phone is never blocked for long when they arrive
 * (docs/decisions/026-main-thread-on-a-phone.md); steps the server has rendered already are hydrated as they are
 * (docs/decisions/030-dashboard-first-screen-from-the-server.md). A component of its own: when hydration ends,
 * `useHydrating()` makes the component that asks it render again at once, synchronously, and here that is only this
 * one; its children, made by the page, are the same elements, so React leaves the steps as they are instead of
 * rendering every step card again in one long task (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md).
 */
function WhenStepsReady({ ready, skeleton, children }: { ready: boolean; skeleton: ReactNode; children: ReactNode }) {
  const hydrating = useHydrating();
  const stepsReady = useDeferredValue(ready, hydrating && ready);
  return ready && stepsReady ? children : skeleton;
}

const EMPTY_PROGRESS: Onboarding['progress'] = { completed: [], items: [], agreements: [] };
