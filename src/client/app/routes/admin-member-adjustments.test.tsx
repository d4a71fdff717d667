import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testMemberDetail, testUser } from '@/test/fixtures';
import { apiError, json, renderApp } from '@/test/render-app';

const EMAIL = 'sam@inspired2uplift.org';
const PATH = `/api/admin/members/${encodeURIComponent(EMAIL)}`;
const SKIP_ID = '5d1f8a52-1c1e-4f8e-9d55-3c1f1f7c2a01';

const step = (id: string, title: string) => ({
  id,
  title,
  scopeTitle: 'Getting started',
  status: 'pending' as const,
  completedAt: null,
  items: [],
});

const detail = testMemberDetail(
  { email: EMAIL, totalSteps: 2, currentStepTitle: 'Set up Slack' },
  {
    steps: [step('set-up-slack', 'Set up Slack'), step('extra-0123456789ab', 'Tour the warehouse')],
    adjustments: [
      {
        id: SKIP_ID,
        kind: 'skip',
        stepId: 'change-password',
        title: 'Change your password',
        description: null,
        dueAfterDays: null,
        reason: 'Signs in with a key.',
        createdBy: 'boss@inspired2uplift.org',
        createdAt: '2025-04-01T10:00:00.000Z',
      },
    ],
  },
);

describe('steps just for one member on their admin page (docs/product.md#per-person-adjustments)', () => {
  it(
    'lists what was skipped with the reason, adds an extra step, skips a step of the role only, shows a refusal and undoes',
    { timeout: 20_000 },
    async () => {
      const sent: { method: string; url: string; body: unknown }[] = [];
      const { user } = renderApp(`/admin/members/${encodeURIComponent(EMAIL)}`, {
        'GET /api/me': () => json({ user: { ...testUser, isAdmin: true } }),
        'GET /api/admin/roles': () =>
          json({ roles: [{ key: 'volunteer', displayName: 'Volunteer' }], departments: ['Events'] }),
        [`GET ${PATH}`]: () => json(detail),
        [`POST ${PATH}/adjustments`]: (request) => {
          sent.push(request);
          const body = request.body as { kind: string };
          return body.kind === 'skip'
            ? apiError(409, 'This step is skipped for this member already.', 'Conflict')
            : json({ id: '7a1f8a52-1c1e-4f8e-9d55-3c1f1f7c2a02' }, 201);
        },
        [`DELETE ${PATH}/adjustments/${SKIP_ID}`]: (request) => {
          sent.push(request);
          return json({ removed: true });
        },
      });
      // The admin page's lazily loaded parts take a few seconds on a busy machine.
      const section = await screen.findByRole('region', { name: 'Steps just for this person' }, { timeout: 15_000 });
      expect(within(section).getByText('Skipped: Change your password')).toBeInTheDocument();
      expect(within(section).getByText(/Why: Signs in with a key\./u)).toBeInTheDocument();

      const extra = screen.getByRole('form', { name: 'Add an extra step' });
      await user.type(within(extra).getByLabelText('Title'), 'Tour the warehouse');
      await user.type(within(extra).getByLabelText('What to do'), 'Ask Sam for the keys.');
      await user.type(within(extra).getByLabelText('Due days after the start date (optional)'), '5');
      await user.click(within(extra).getByRole('button', { name: 'Add the step' }));
      await screen.findByText(/Added “Tour the warehouse”/u);
      expect(sent[0]?.body).toEqual({
        kind: 'extra',
        title: 'Tour the warehouse',
        description: 'Ask Sam for the keys.',
        dueAfterDays: 5,
      });
      expect(within(extra).getByLabelText('Title')).toHaveValue('');

      // Only the role's own steps can be skipped (not an extra step).
      const skip = screen.getByRole('form', { name: 'Skip a step' });
      const choices = within(within(skip).getByLabelText('Step')).getAllByRole('option');
      expect(choices.map((o) => o.textContent)).toEqual(['Set up Slack']);
      await user.type(within(skip).getByLabelText('Reason'), 'Already on Slack.');
      await user.click(within(skip).getByRole('button', { name: 'Skip the step' }));
      const card = section.parentElement ?? section;
      expect(await within(card).findByRole('alert')).toHaveTextContent('This step is skipped for this member already.');
      expect(sent[1]?.body).toEqual({ kind: 'skip', stepId: 'set-up-slack', reason: 'Already on Slack.' });

      await user.click(within(section).getByRole('button', { name: 'Undo: Skipped: Change your password' }));
      await expect.poll(() => sent.map((r) => r.method)).toEqual(['POST', 'POST', 'DELETE']);
    },
  );

  it('is not shown to a department lead (read-only)', { timeout: 20_000 }, async () => {
    renderApp(`/admin/members/${encodeURIComponent(EMAIL)}`, {
      'GET /api/me': () => json({ user: { ...testUser, leadOf: ['Events'] } }),
      [`GET ${PATH}`]: () => json(detail),
    });
    await screen.findByRole('heading', { name: 'Sam Lee' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Steps just for this person' })).toBeNull();
  });
});
