import type { PendingAgreement } from '@shared/acknowledgments-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '@/test/fixtures';
import { json, renderApp } from '@/test/render-app';

const pending = (
  email: string,
  name: string,
  stepId: string,
  stepTitle: string,
  extra: Partial<PendingAgreement> = {},
): PendingAgreement => ({
  email,
  name,
  stepId,
  stepTitle,
  version: 2,
  due: 'changed',
  agreedVersion: 1,
  agreedAt: '2026-03-02T10:00:00.000Z',
  recorded: true,
  ...extra,
});

const handlers = (list: PendingAgreement[]) => ({
  'GET /api/me': () => json({ user: { ...testUser, isAdmin: true } }),
  'GET /api/admin/acknowledgments/pending': () => json({ pending: list }),
});

describe("admin console: 'Agreements'", () => {
  it('lists who must agree again, why, with links to their pages, filterable by step', async () => {
    const { user } = renderApp(
      '/admin?tab=agreements',
      handlers([
        pending('ann@inspired2uplift.org', 'Ann Able', 'sign-agreement', 'Sign the Volunteer Agreement'),
        pending('ben@inspired2uplift.org', 'Ben Bold', 'code-of-conduct', 'Read the code of conduct', {
          due: 'renew',
          version: 1,
        }),
        pending('cy@inspired2uplift.org', '', 'sign-agreement', 'Sign the Volunteer Agreement', { recorded: false }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'People who must agree again' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Ann Able' })).toHaveAttribute(
      'href',
      '/admin/members/ann%40inspired2uplift.org',
    );
    // Someone who never signed in with a name is shown by address.
    expect(within(table).getByRole('link', { name: 'cy@inspired2uplift.org' })).toBeInTheDocument();
    expect(within(table).getByText(/^Changed to version 2; agreed to version 1 on /u)).toBeInTheDocument();
    expect(within(table).getByText(/^Lapsed; agreed to version 1 on /u)).toBeInTheDocument();
    expect(within(table).getByText(/before agreements were recorded$/u)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export every acknowledgment as CSV/u })).toHaveAttribute(
      'href',
      '/api/admin/acknowledgments.csv',
    );

    await user.selectOptions(screen.getByLabelText('Step'), 'Read the code of conduct');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Ben Bold' })).toBeInTheDocument();
  });

  it('says so when everyone is up to date', async () => {
    renderApp('/admin?tab=agreements', handlers([]));
    expect(
      await screen.findByText('Everyone is up to date: nobody has to agree to anything again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
