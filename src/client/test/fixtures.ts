import type { MemberDetail, MemberOverview } from '@shared/admin-api';
import type { AppConfig, User } from '@shared/api';
import { onboardingViewSchema } from './onboarding-answers';
import type { TeamTaskView } from '@shared/team-tasks-api';

/**
 * API answers as the server sends them: the server passes every answer through the shared schema (defaults filled
 * in), and the client only checks their shape (lib/decoders.ts).
 */
export const testConfig: AppConfig = {
  appName: 'Onboarding',
  version: '0.5',
  orgName: 'INSPIRED 2 UPLIFT',
  supportEmail: 'support@inspired2uplift.org',
  allowedDomain: 'inspired2uplift.org',
  signIn: { google: false, development: true },
  dates: { locale: 'en-GB', timeZone: 'Europe/London' },
};

export const testUser: User = {
  id: 'u-1',
  name: 'Alex Rivera',
  email: 'alex@inspired2uplift.org',
  picture: null,
  role: 'volunteer',
  department: 'Operations',
  workspaceId: 'inspired2uplift.org',
  isDevelopmentUser: true,
};

const step = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: `${title} description`,
  icon: 'User',
  category: 'Volunteer',
  ...extra,
});

/** Volunteer onboarding with five steps in two scopes; `completed` lists completed step ids. */
export function testOnboarding({ completed = [] as string[], roleKey = 'volunteer' } = {}) {
  return onboardingViewSchema.parse({
    appVersion: '0.5',
    role: {
      key: roleKey,
      displayName: roleKey === 'account' ? 'Account' : 'Volunteer',
      version: '1.0',
      icon: 'Heart',
      colors: { baseColor: '#16a34a' },
      isDepartment: false,
      parentDepartment: null,
    },
    scopes: [
      {
        id: 'pre-meeting',
        title: 'Before your first meeting',
        description: 'Get your accounts ready.',
        steps: [
          step('sign-in-to-chrome', 'Sign in to your Chrome profile', {
            icon: 'Chrome',
            content: {
              details: ['Use your new work account.'],
              tasks: ['Open Chrome', 'Add a profile'],
              helpfulLinks: [{ text: 'Chrome help', url: 'https://support.google.com/chrome' }],
            },
            footnote: 'Ask your coordinator if you get stuck.',
          }),
          step('change-password', 'Change your password', {
            icon: 'Lock',
            completeButtonText: 'Read',
            mobileCompleteButtonText: 'OK',
          }),
          step('sign-volunteer-agreement', 'Sign the volunteer agreement', {
            icon: 'FileText',
            completeButtonText: 'Sign',
            requiresScrollOrDownload: true,
            pdfUrl: '/content/volunteer-agreement.pdf',
          }),
        ],
      },
      {
        id: 'during-call',
        title: 'During the call',
        steps: [
          step('set-up-slack', 'Set up Slack', { icon: 'Slack' }),
          step('download-apps', 'Download the mobile apps', { icon: 'NoSuchIcon' }),
        ],
      },
    ],
    progress: { completed: completed.map((stepId) => ({ stepId, completedAt: '2025-01-01T00:00:00.000Z' })) },
  });
}

/**
 * A team task as GET /api/team-tasks/mine sends it (docs/product.md#team-tasks): open, the lead's, for Nora New, done by
 * the test user; `over` sets the rest.
 */
export function testTeamTask(over: Partial<TeamTaskView> & Pick<TeamTaskView, 'id' | 'title' | 'dueOn'>): TeamTaskView {
  return {
    taskId: over.id,
    newcomer: { email: 'nora@inspired2uplift.org', name: 'Nora New' },
    description: `${over.title}, please.`,
    who: 'lead',
    assignees: [testUser.email],
    unassigned: false,
    appointment: false,
    status: 'open',
    overdue: false,
    doneAt: null,
    doneBy: null,
    note: null,
    closedReason: null,
    ...over,
  };
}

/**
 * A row of the admin's members table as GET /api/admin/members sends it (docs/product.md#admin-area): Sam Lee, a
 * volunteer of Events with a member record, signed in on 1 April 2025, none of 7 steps done; `over` sets the rest.
 */
export function testMemberOverview(over: Partial<MemberOverview> = {}): MemberOverview {
  return {
    email: 'sam@inspired2uplift.org',
    name: 'Sam Lee',
    role: 'volunteer',
    roleLabel: 'Volunteer',
    department: 'Events',
    percent: 0,
    completedSteps: 0,
    totalSteps: 7,
    currentStepTitle: null,
    lastSignInAt: '2025-04-01T09:00:00.000Z',
    lastProgressAt: null,
    isAdmin: false,
    invited: false,
    startOn: null,
    overdueSteps: 0,
    stalled: false,
    onboarding: true,
    leftOn: null,
    ...over,
  };
}

/**
 * A member page as GET /api/admin/members/:email sends it: {@link testMemberOverview} of `member`, a member record
 * naming the volunteer role, no permissions, not left, no steps listed; `over` sets the rest.
 */
export function testMemberDetail(member: Partial<MemberOverview> = {}, over: Partial<MemberDetail> = {}): MemberDetail {
  return {
    member: testMemberOverview(member),
    roleText: 'volunteer',
    hasMemberRecord: true,
    leadOf: [],
    isEditor: false,
    left: null,
    steps: [],
    ...over,
  };
}
