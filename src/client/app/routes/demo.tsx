import type { User } from '@shared/api';
import { roleColorsOrFallback } from '@shared/colors';
import { APP_VERSION } from '@shared/version';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { useState } from 'react';
import LogIn from 'lucide-react/icons/log-in';
import { AppFooter } from '@/components/layouts/app-footer';
import { AppHeader } from '@/components/layouts/app-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/app-config/api/get-config';
import { UserSummary } from '@/features/auth/components/user-summary';
import { useDemo } from '@/features/onboarding/api/get-demo';
import { MobileWarningDialog } from '@/features/onboarding/components/mobile-warning-dialog';
import { OnboardingView } from '@/features/onboarding/components/onboarding-view';
import { RoleBadge } from '@/features/onboarding/components/role-badge';
import { useLocalProgress } from '@/features/onboarding/hooks/use-local-progress';
import { demoDeadline, formatDemoDeadline } from '@/features/onboarding/utils/demo-deadline';
import { useClickCount } from '@/hooks/use-click-count';
import { DEMO_CONFETTI_PIECES, playConfetti } from '@/lib/confetti';

/** The demo page's made-up person (docs/product.md#demo-page); nobody is signed in. */
export const DEMO_USER: User = {
  id: 'demo-user',
  name: 'Demo User',
  email: 'demo@inspired2uplift.org',
  picture: null,
  role: 'test',
  department: 'Operations',
  workspaceId: 'inspired2uplift.org',
  isDevelopmentUser: false,
};

/**
 * The 'Step Examples' note (docs/product.md#demo-page): asks each team for its onboarding steps by a Saturday one to
 * two weeks from today ({@link demoDeadline}).
 */
function StepExamplesNote() {
  // Worked out once per visit, from the browser's date.
  const [deadline] = useState(() => formatDemoDeadline(demoDeadline(new Date())));
  return (
    <Card className="flex items-start gap-3 border-violet-200 bg-violet-50 p-5 text-violet-950">
      <ClipboardList aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        <h2 className="font-bold">Step Examples</h2>
        <p className="text-sm">
          Below is one example of every kind of step. Please send the onboarding steps for your team by {deadline}.
          Report back even if you have none.
        </p>
      </div>
    </Card>
  );
}

/** The demo's steps with their progress, kept in this browser only (docs/product.md#demo-page). */
function DemoSteps() {
  const demo = useDemo();
  const progress = useLocalProgress();
  if (demo.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-semibold">The demo steps could not be loaded.</p>
        <p className="text-sm">{demo.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void demo.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!demo.data) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading the demo steps…</span>
        <Skeleton className="h-44 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
      </div>
    );
  }
  return (
    <OnboardingView
      role={demo.data.role}
      scopes={demo.data.scopes}
      progress={progress}
      userName={DEMO_USER.name}
      userRole={DEMO_USER.role}
      confettiPieces={DEMO_CONFETTI_PIECES}
      celebrationKey={`demo:${demo.data.role.key}`}
      passwordHiddenReason="not-signed-in"
    />
  );
}

/**
 * /test, the public demo page (docs/product.md#demo-page): 'Beta' and 'Demo' badges, a fake user, 'Return to Login',
 * the 'Step Examples' note and the test role's first scope, working with the dashboard's widgets but with progress
 * only in this browser (no server writes). Confetti at 100% has 300 pieces.
 */
export function DemoRoute() {
  const config = useConfig();
  const demo = useDemo();
  const onLogoClick = useClickCount(5, () => playConfetti(DEMO_CONFETTI_PIECES));
  const role = demo.data?.role;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader isDemo onLogoClick={onLogoClick}>
        <UserSummary
          user={DEMO_USER}
          badge={
            <RoleBadge
              role={DEMO_USER.role}
              fallbackLabel="Test"
              baseColor={roleColorsOrFallback('test', role?.colors).baseColor}
            />
          }
        />
        <Button asChild variant="outline" size="sm">
          {/* The login page is its own document (docs/decisions/012-login-page-own-entry.md): a plain link. */}
          <a href={paths.login.getHref()}>
            <LogIn />
            Return to Login
          </a>
        </Button>
      </AppHeader>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 space-y-8 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <StepExamplesNote />
        <DemoSteps />
      </main>
      <AppFooter
        orgName={config.data?.orgName}
        supportEmail={config.data?.supportEmail}
        appVersion={config.data?.version ?? demo.data?.appVersion ?? APP_VERSION}
        {...(role ? { roleVersion: `${role.displayName} ${role.version}` } : {})}
      />
      <MobileWarningDialog />
    </div>
  );
}
