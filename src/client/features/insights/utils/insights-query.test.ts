import { describe, expect, it } from 'vitest';
import { describeInsightFilters, membersApiQuery, readMembersTableState } from '@/features/admin/utils/members-query';
import { insightsParams, membersHref, readInsightsFilters } from './insights-query';

describe('insights filters in the address', () => {
  it('reads role, department and a well-formed month, and writes only what is set', () => {
    const filters = readInsightsFilters(new URLSearchParams('role=finance&department=Outreach&started=2025-13'));
    expect(filters).toEqual({ role: 'finance', department: 'Outreach', started: '' });
    expect(insightsParams({ ...filters, started: '2025-03' }).toString()).toBe(
      'role=finance&department=Outreach&started=2025-03',
    );
  });

  it('links a figure to the members table with the page filters and its own, which the table reads and asks the API for', () => {
    const href = membersHref(
      { role: 'volunteer', department: '', started: '2025-01' },
      { currentStep: 'Set up Slack', completeDaysMax: 6 },
    );
    expect(href).toBe('/admin?role=volunteer&started=2025-01&currentStep=Set+up+Slack&completeDaysMax=6');
    const state = readMembersTableState(new URL(href, 'http://x').searchParams);
    expect(membersApiQuery(state).toString()).toBe(
      'sort=name&dir=asc&role=volunteer&left=false&currentStep=Set+up+Slack&started=2025-01&completeDaysMax=6&page=1&pageSize=25',
    );
    // Members who left count in what they did, so a figure of completions shows them too; nobody who left is on a step.
    const done = membersHref({ role: '', department: '', started: '' }, { completedStep: 'slack' });
    expect(done).toBe('/admin?completedStep=slack&left=all');
    expect(membersApiQuery(readMembersTableState(new URL(done, 'http://x').searchParams)).toString()).toBe(
      'sort=name&dir=asc&completedStep=slack&page=1&pageSize=25',
    );
    expect(describeInsightFilters(state)).toEqual([
      'on the step \u201cSet up Slack\u201d now',
      'who started in January 2025',
      'who completed onboarding in 0 to 6 days',
    ]);
  });
});
