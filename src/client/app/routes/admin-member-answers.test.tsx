import type { MemberFormAnswers } from '@shared/answers-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testMemberDetail, testUser } from '@/test/fixtures';
import { json, renderApp } from '@/test/render-app';

const EMAIL = 'sam@inspired2uplift.org';
const PATH = `/api/admin/members/${encodeURIComponent(EMAIL)}`;

const detail = testMemberDetail({
  email: EMAIL,
  percent: 29,
  completedSteps: 2,
  currentStepTitle: 'Sign the Volunteer Agreement',
});

const answers: MemberFormAnswers = {
  email: EMAIL,
  forms: [
    {
      stepId: 'support-and-access-needs',
      stepTitle: 'Your support and access needs',
      version: 2,
      submittedAt: '2025-04-01T10:00:00.000Z',
      answers: [
        { fieldId: 'name-to-use', label: 'What name would you like us to call you?', sensitive: false, text: 'Sam' },
        {
          fieldId: 'support-that-helps',
          label: 'Which of these would help you take part?',
          sensitive: true,
          text: 'Captions or a transcript in video calls',
        },
        { fieldId: 'health', label: 'Health', sensitive: true, text: '' },
        {
          fieldId: 'support-plan',
          label: 'Your support plan',
          sensitive: true,
          text: 'plan.pdf',
          file: {
            fileId: '6f1c1a52-2d0a-4a43-9d3c-0d3f3c1c8b11',
            name: 'plan.pdf',
            type: 'application/pdf',
            size: 3072,
          },
        },
      ],
    },
  ],
};

describe("a member's form answers on their admin page (docs/product.md#form-steps)", () => {
  // The admin page's lazily loaded parts take a few seconds on a busy machine.
  it(
    'reads nothing until asked, then shows each answer with sensitive ones marked and the CSV exports',
    { timeout: 20_000 },
    async () => {
      const { user, fetchMock } = renderApp(`/admin/members/${encodeURIComponent(EMAIL)}`, {
        'GET /api/me': () => json({ user: { ...testUser, isAdmin: true } }),
        'GET /api/admin/roles': () =>
          json({ roles: [{ key: 'volunteer', displayName: 'Volunteer' }], departments: ['Events'] }),
        [`GET ${PATH}`]: () => json(detail),
        [`GET ${PATH}/answers`]: () => json(answers),
      });
      const section = await screen.findByRole('region', { name: 'Form answers' });
      const asked = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/answers')).length;
      // Opening the page reads (and audits) nothing.
      expect(asked()).toBe(0);
      await user.click(within(section).getByRole('button', { name: 'Show answers' }));
      const form = await within(section).findByRole('article', { name: 'Your support and access needs' });
      expect(asked()).toBe(1);
      expect(within(form).getByText(/version 2/u)).toBeInTheDocument();
      const term = within(form).getByText('Which of these would help you take part?');
      expect(within(term).getByText('Sensitive')).toBeInTheDocument();
      expect(within(form).getByText('Captions or a transcript in video calls')).toBeInTheDocument();
      expect(
        within(within(form).getByText('What name would you like us to call you?')).queryByText('Sensitive'),
      ).toBeNull();
      expect(within(form).getByText('Not answered')).toBeInTheDocument();
      // A file question: a download of the file (audited on the server), named with its size.
      expect(within(form).getByRole('link', { name: 'Download plan.pdf (3 KB)' })).toHaveAttribute(
        'href',
        `${PATH}/answers/files/6f1c1a52-2d0a-4a43-9d3c-0d3f3c1c8b11`,
      );
      expect(within(form).getByRole('link', { name: /Export everyone's answers to this step/u })).toHaveAttribute(
        'href',
        '/api/admin/forms/support-and-access-needs/answers.csv?sensitive=leave-out',
      );
      expect(within(form).getByRole('link', { name: /With sensitive answers/u })).toHaveAttribute(
        'href',
        '/api/admin/forms/support-and-access-needs/answers.csv?sensitive=include',
      );
    },
  );
});
