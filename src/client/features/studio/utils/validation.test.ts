import type { StudioProblem } from '@shared/studio-api';
import { describe, expect, it } from 'vitest';
import { newRole, newStep } from './catalog-edits';
import { catalogProblems, mergeProblems } from './validation';

describe('studio validation', () => {
  it('finds schema problems in words that say what to change, and ids used twice in both places', () => {
    const volunteer = newRole('volunteer', 'Volunteer');
    const finance = newRole('finance', 'Finance');
    volunteer.scopes[0]?.steps.push({ ...newStep('set-up-slack', 'Volunteer'), title: '' });
    finance.scopes[0]?.steps.push({ ...newStep('set-up-slack', 'Finance'), title: 'Slack for Finance' });
    finance.colors = { baseColor: '#ef4444' };
    const problems = catalogProblems([volunteer, finance]);
    expect(problems).toContainEqual({
      role: 'volunteer',
      path: 'scopes[0].steps[0].title',
      message: 'Write something here: it cannot be empty.',
    });
    expect(problems.filter((p) => p.path === 'scopes[0].steps[0].id').map((p) => p.role)).toEqual([
      'volunteer',
      'finance',
    ]);
    expect(problems).toContainEqual({
      role: 'finance',
      path: 'colors.baseColor',
      message: 'Text on this colour reaches only 3.8:1; choose a darker or lighter colour (at least 4.5:1).',
    });
  });

  it('drops the server’s "no role configuration" echoes of a role the catalog has, and keeps real ones', () => {
    const catalog = [newRole('volunteer', 'Volunteer'), newRole('finance', 'Finance')];
    const server: StudioProblem[] = [
      { role: 'finance', path: 'inherits[0]', message: 'no role configuration has the key "volunteer"' },
      { role: 'finance', path: 'inherits[1]', message: 'no role configuration has the key "treasury"' },
      {
        role: 'finance',
        path: 'scopes[0].include[0]',
        message: 'the role configuration "volunteer" has no scope "getting-started"',
      },
      {
        role: 'finance',
        path: 'scopes[0].include[1]',
        message: 'the role configuration "volunteer" has no scope "later"',
      },
    ];
    expect(mergeProblems([], server, catalog).map((p) => p.path)).toEqual(['inherits[1]', 'scopes[0].include[1]']);
  });
});
