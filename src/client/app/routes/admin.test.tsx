import type { MemberOverview, MembersPage } from '@shared/admin-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testMemberDetail, testMemberOverview, testUser } from '@/test/fixtures';
import { apiError, json, renderApp } from '@/test/render-app';

const member = (email: string, name: string, percent: number): MemberOverview =>
  testMemberOverview({
    email,
    name,
    department: 'Operations',
    percent,
    completedSteps: percent === 100 ? 3 : 1,
    totalSteps: 3,
    currentStepTitle: percent === 100 ? null : 'Change your password',
  });

const page = (items: MemberOverview[], total = items.length): MembersPage => ({
  items,
  total,
  page: 1,
  pageSize: 25,
  stalledAfterDays: 7,
});

const adminHandlers = (members: MembersPage) => ({
  'GET /api/me': () => json({ user: { ...testUser, isAdmin: true } }),
  'GET /api/admin/members': () => json(members),
  'GET /api/admin/roles': () =>
    json({ roles: [{ key: 'volunteer', displayName: 'Volunteer' }], departments: ['Operations'] }),
  'GET /api/admin/departments': () =>
    json({
      items: ['Events', 'Finance', 'Operations'].map((name) => ({ name, retired: false, members: 1, leads: 0 })),
      unlisted: [],
    }),
});

/** The query strings of the members-table requests made so far. */
const membersQueries = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/members')
    .map((url) => url.searchParams);

describe('admin console', () => {
  // getByRole over the whole console is slow in jsdom: this test does many of them (30 s on a loaded machine).
  it('shows the members table with sortable headers, paging and an export of what is filtered', async () => {
    const { user, fetchMock } = renderApp(
      '/admin',
      adminHandlers(
        page(
          [member('ann@inspired2uplift.org', 'Ann Able', 100), member('ben@inspired2uplift.org', 'Ben Bold', 33)],
          60,
        ),
      ),
    );
    const table = await screen.findByRole('table', { name: /Members, sorted by Name/u });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Ann Able' })).toHaveAttribute(
      'href',
      '/admin/members/ann%40inspired2uplift.org',
    );
    expect(within(table).getByText('All done')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/u })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Complete/u })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByText(/Showing 1–25 of 60 members/u)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Complete/u }));
    expect(await screen.findByRole('columnheader', { name: /Complete/u })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Complete/u }));
    expect(await screen.findByRole('columnheader', { name: /Complete/u })).toHaveAttribute('aria-sort', 'descending');
    expect(membersQueries(fetchMock).at(-1)?.get('sort')).toBe('percent');
    expect(membersQueries(fetchMock).at(-1)?.get('dir')).toBe('desc');

    await user.type(screen.getByLabelText('Search by name or e-mail'), 'ann{Enter}');
    await user.selectOptions(screen.getByLabelText('Onboarding'), 'true');
    await user.selectOptions(screen.getByLabelText('Due dates'), 'true');
    await user.selectOptions(screen.getByLabelText('Activity'), 'true');
    const last = membersQueries(fetchMock).at(-1);
    expect(last?.get('search')).toBe('ann');
    expect(last?.get('complete')).toBe('true');
    expect(last?.get('overdue')).toBe('true');
    expect(last?.get('stalled')).toBe('true');
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    const exportUrl = new URL(exportLink.getAttribute('href') ?? '', 'http://localhost');
    expect(exportUrl.pathname).toBe('/api/admin/members.csv');
    expect(exportUrl.searchParams.get('search')).toBe('ann');
    expect(exportUrl.searchParams.get('page')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Next/u }));
    expect(membersQueries(fetchMock).at(-1)?.get('page')).toBe('2');
  }, 30_000);

  it('says so when no member matches, and shows a failure with a retry', async () => {
    renderApp('/admin', adminHandlers(page([])));
    expect(await screen.findByText('No members match these filters.')).toBeInTheDocument();
  });

  it('shows the server refusal when the table cannot load', async () => {
    renderApp('/admin', {
      ...adminHandlers(page([])),
      'GET /api/admin/members': () => apiError(500, 'Something went wrong on our side.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('tells someone who is not an admin that the console is for admins, and hides the header link', async () => {
    renderApp('/admin', { 'GET /api/me': () => json({ user: { ...testUser, isAdmin: false } }) });
    expect(await screen.findByText('Only admins can open the admin console.')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('offers the header link to admins', async () => {
    renderApp('/admin', adminHandlers(page([])));
    expect(await within(await screen.findByRole('banner')).findByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('shows a department lead the members table only, and member pages without the form or session actions', async () => {
    const lead = { ...testUser, isAdmin: false, leadOf: ['Finance'] };
    const detail = testMemberDetail(member('fay@inspired2uplift.org', 'Fay Finch', 33), { roleText: 'finance' });
    const handlers = {
      ...adminHandlers(page([member('fay@inspired2uplift.org', 'Fay Finch', 33)])),
      'GET /api/me': () => json({ user: lead }),
      'GET /api/admin/members/fay%40inspired2uplift.org': () => json(detail),
    };
    const { user } = renderApp('/admin?tab=audit', handlers);
    expect(await screen.findByText(/You lead Finance\./u)).toBeInTheDocument();
    // What a lead may do, said truly: they read, choose buddies and do their team tasks.
    expect(screen.getByText(/You lead Finance\./u)).toHaveTextContent(
      /choose their buddies and do the team tasks given to you/u,
    );
    expect(await screen.findByRole('table', { name: /Members/u })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Members']);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Fay Finch' }));
    expect(await screen.findByRole('heading', { name: 'Fay Finch' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
  });

  it('marks steps and ticks that the published content no longer has as removed, keeping their times', async () => {
    const detail = testMemberDetail(member('kit@inspired2uplift.org', 'Kit Kemp', 50), {
      steps: [
        {
          id: 'pack-your-bag',
          title: 'Pack your bag for the first meeting',
          scopeTitle: 'Before your first meeting',
          status: 'active',
          completedAt: null,
          items: [
            { id: 'charged-phone', kind: 'checklist', text: 'Your phone, charged', doneAt: null },
            {
              id: 'water-bottle',
              kind: 'checklist',
              text: 'A water bottle',
              doneAt: '2026-11-20T10:00:00.000Z',
              removed: true,
            },
          ],
        },
      ],
      removedSteps: [{ id: 'meet-your-buddy', title: 'Meet your buddy', completedAt: '2026-11-19T09:30:00.000Z' }],
    });
    renderApp('/admin/members/kit%40inspired2uplift.org', {
      ...adminHandlers(page([])),
      'GET /api/admin/members/kit%40inspired2uplift.org': () => json(detail),
    });
    const removed = await screen.findByRole('region', { name: 'Removed steps' });
    expect(within(removed).getByText('Meet your buddy')).toBeInTheDocument();
    expect(within(removed).getByText(/Removed · completed/u)).toBeInTheDocument();
    const tick = screen.getByText('A water bottle').closest('li');
    expect(tick).not.toBeNull();
    expect(within(tick as HTMLElement).getByText('Removed from the step since')).toBeInTheDocument();
    const kept = screen.getByText('Your phone, charged').closest('li');
    expect(within(kept as HTMLElement).queryByText('Removed from the step since')).toBeNull();
  });

  it('gives admins the permissions on the member page, and signs a member out everywhere', async () => {
    const detail = testMemberDetail(member('fay@inspired2uplift.org', 'Fay Finch', 33), { leadOf: ['Finance'] });
    const { user, fetchMock } = renderApp('/admin/members/fay%40inspired2uplift.org', {
      ...adminHandlers(page([])),
      'GET /api/admin/members/fay%40inspired2uplift.org': () => json(detail),
      'PUT /api/admin/members/fay%40inspired2uplift.org': () =>
        json({ ...detail, leadOf: ['Finance', 'Events'], isEditor: true }),
      'POST /api/admin/members/fay%40inspired2uplift.org/sign-out': () => json({ sessionsEnded: 2 }),
      'GET /api/admin/members/fay%40inspired2uplift.org/revealed-secrets': () =>
        json({
          items: [
            {
              name: 'FINANCE_PASS',
              steps: ['Finance profile'],
              reveals: 2,
              lastRevealedAt: '2025-03-30T10:00:00.000Z',
              rotatedAt: null,
            },
          ],
        }),
      'POST /api/admin/secrets/FINANCE_PASS/rotated': () =>
        json({ name: 'FINANCE_PASS', rotatedAt: '2025-04-01T10:00:00.000Z' }),
    });
    // Led departments are chosen from the departments list, not typed.
    const leads = await screen.findByRole('group', { name: 'Leads departments' });
    expect(await within(leads).findByRole('checkbox', { name: 'Finance' })).toBeChecked();
    expect(within(leads).getByRole('checkbox', { name: 'Events' })).not.toBeChecked();
    await user.click(within(leads).getByRole('checkbox', { name: 'Events' }));
    await user.click(screen.getByLabelText(/Content editor/u));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toMatchObject({
      leadOf: ['Finance', 'Events'],
      isEditor: true,
    });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(/2 sessions ended/u)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Mark rotated: Finance profile' }));
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/admin/secrets/FINANCE_PASS/rotated')),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Mark as left' })).toBeInTheDocument();
  });

  it('lets an admin see, reveal and set the shared passwords', async () => {
    const items = [
      { name: 'FINANCE_PASS', steps: ['Finance profile'], set: true, updatedAt: null, updatedBy: null },
      { name: 'HR_PASS', steps: ['HR profile'], set: false, updatedAt: null, updatedBy: null },
    ];
    const { user, fetchMock } = renderApp('/admin?tab=passwords', {
      ...adminHandlers(page([])),
      'GET /api/admin/secrets': () => json({ items }),
      'POST /api/admin/secrets/FINANCE_PASS/reveal': () => json({ name: 'FINANCE_PASS', value: 'old-Finance-1' }),
      'PUT /api/admin/secrets/FINANCE_PASS': () =>
        json({
          items: [
            { ...items[0], updatedAt: '2025-04-01T10:00:00.000Z', updatedBy: 'boss@inspired2uplift.org' },
            items[1],
          ],
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Finance profile' })).toBeInTheDocument();
    expect(screen.getByText('Not set yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('old-Finance-1')).toBeInTheDocument();
    const [financeField] = screen.getAllByLabelText('New password');
    await user.type(financeField as HTMLElement, 'new-Finance-2');
    const [save] = screen.getAllByRole('button', { name: 'Save new password' });
    await user.click(save as HTMLElement);
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ value: 'new-Finance-2' });
  });
});
