import type { RoleCatalog } from '../../shared/roles.js';
import { testRoleCatalog } from './test-roles.js';

/** The test role's checklist step and its items, in order. */
export const CHECKLIST_STEP = { id: 'first-call-checklist', items: ['calendar', 'audio', 'agenda'] } as const;
/** The test role's acknowledgment step and its items, in order. */
export const ACKNOWLEDGMENT_STEP = { id: 'our-values', items: ['inclusion', 'integrity'] } as const;
/** The test role's plain step. */
export const PLAIN_STEP_ID = 'how-steps-work';

/**
 * The server-test catalog (createTestCatalog: volunteer, finance) plus a small `test` role whose first scope has a
 * plain step, a checklist step and an acknowledgment step, and a second scope the demo must not show.
 */
export function createWidgetCatalog(): RoleCatalog {
  return testRoleCatalog(
    [
      {
        id: PLAIN_STEP_ID,
        title: 'How steps work',
        description: 'A plain step.',
        icon: 'BookOpenText',
        category: 'Test',
      },
      {
        id: CHECKLIST_STEP.id,
        title: 'Get ready',
        description: 'A checklist.',
        icon: 'ListChecks',
        category: 'Test',
        isChecklistStep: true,
        content: {
          checklistHeader: 'Before your first call:',
          checklist: CHECKLIST_STEP.items.map((id) => ({ id, text: `Item ${id}` })),
        },
      },
      {
        id: ACKNOWLEDGMENT_STEP.id,
        title: 'Our values',
        description: 'Acknowledgments.',
        icon: 'Heart',
        category: 'Test',
        isAcknowledgmentStep: true,
        content: { acknowledgments: ACKNOWLEDGMENT_STEP.items.map((id) => ({ id, content: `Value ${id}` })) },
      },
    ],
    [
      {
        id: 'later',
        title: 'Later',
        steps: [{ id: 'later-step', title: 'Later step', description: 'Later.', icon: 'User', category: 'Test' }],
      },
    ],
  );
}
