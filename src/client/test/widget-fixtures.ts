import { demoResponseSchema } from '@shared/api';
import { onboardingViewSchema } from './onboarding-answers';

/**
 * API answers with one step of every kind (checklist, acknowledgment, document, media, contacts, shared password), as
 * the server sends them (through the shared schema, defaults filled in), for widget and demo page tests.
 */

const base = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: `${title} description`,
  icon: 'User',
  category: 'Test',
  ...extra,
});

export const CHECKLIST_ITEMS = ['calendar', 'audio', 'agenda'] as const;
export const ACKNOWLEDGMENT_ITEMS = ['inclusion', 'integrity'] as const;

/** The steps of the test role's first scope, in order. */
export const widgetSteps = [
  base('first-call-checklist', 'Get ready for your first call', {
    isChecklistStep: true,
    content: {
      checklistHeader: 'Before your first call, check that you have:',
      checklist: [
        { id: 'calendar', text: 'Accepted the calendar invitation', icon: 'Mail' },
        { id: 'audio', text: 'Tested your microphone' },
        { id: 'agenda', text: 'Read the agenda' },
      ],
    },
  }),
  base('our-values', 'Our values', {
    isAcknowledgmentStep: true,
    completeButtonText: 'Acknowledge',
    content: {
      acknowledgmentHeader: 'Please read each value:',
      acknowledgments: [
        { id: 'inclusion', content: 'Inclusion: everyone belongs here.' },
        { id: 'integrity', content: 'Integrity: we keep our promises.' },
      ],
    },
  }),
  base('read-document', 'Read a document', {
    completeButtonText: 'Read',
    requiresScrollOrDownload: true,
    pdfUrl: '/content/volunteer-agreement.pdf',
  }),
  base('meet-your-people', 'Meet your people', {
    isContactStep: true,
    content: {
      contacts: [
        {
          name: 'Onboarding Team',
          email: 'onboarding@inspired2uplift.org',
          position: 'Accounts',
          bio: 'We set up your account.',
        },
        { name: 'Volunteer Support', email: 'volunteers@inspired2uplift.org', position: 'Support' },
      ],
    },
  }),
  base('shared-password', 'Test shared password', {
    envVariable: { name: 'TEST_PASS', requiredRole: ['*'] },
    isContactStep: true,
    content: { contacts: [{ name: 'Test account', email: 'test@inspired2uplift.org', position: 'Example login' }] },
  }),
];

/** GET /api/demo: the test role with one scope of {@link widgetSteps}. */
export function testDemo() {
  return demoResponseSchema.parse({
    appVersion: '0.5',
    role: {
      key: 'test',
      displayName: 'Test',
      version: '1.0',
      icon: 'Microscope',
      colors: { baseColor: '#6d28d9' },
      isDepartment: false,
      parentDepartment: null,
    },
    scopes: [{ id: 'examples', title: 'Step examples', description: 'One of every kind.', steps: widgetSteps }],
  });
}

/** GET /api/onboarding for a member of the test role; `completed` and `items` are their progress. */
export function testWidgetOnboarding({
  completed = [] as string[],
  items = [] as { stepId: string; itemId: string }[],
  extra = {} as Record<string, unknown>,
} = {}) {
  return onboardingViewSchema.parse({
    ...testDemo(),
    progress: {
      completed: completed.map((stepId) => ({ stepId, completedAt: '2025-01-01T00:00:00.000Z' })),
      items: items.map((i) => ({ ...i, doneAt: '2025-01-01T00:00:00.000Z' })),
    },
    ...extra,
  });
}
