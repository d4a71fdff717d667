import type { RoleConfiguration, StepCategory } from '@shared/content-schema';
import type { StudioProblem } from '@shared/studio-api';
import { locateProblem } from './validation';

/** A role configuration in words for the studio (docs/product.md#editing-in-the-browser). */

/** The category badge a new step of a role gets: its own when one matches its name, else 'Volunteer'. */
export function categoryFor(role: RoleConfiguration): StepCategory {
  const match: Record<string, StepCategory> = {
    chapters: 'Chapters',
    executive: 'Executives',
    external: 'External',
    'content creator': 'Content Creator',
    'blog writer': 'Blog Writer',
    finance: 'Finance',
    hr: 'HR',
    internal: 'Internal',
    test: 'Test',
    account: 'Account',
  };
  return match[role.key] ?? 'Volunteer';
}

/** 'a', 'a and b', 'a, b and c'. */
function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/**
 * A role's relations in words (docs/product.md#editing-in-the-browser), e.g. 'A department. Finance members also see
 * every Volunteer step, and count as Volunteer for shared passwords.'
 */
export function relationsInWords(role: RoleConfiguration, catalog: readonly RoleConfiguration[]): string {
  const nameOf = (key: string) => {
    const other = catalog.find((r) => r.key === key);
    return other ? other.displayName || other.key : key;
  };
  const included = [...new Set(role.scopes.flatMap((s) => s.include))].map((entry) => {
    const [key = '', scopeId] = entry.split('/');
    if (scopeId === undefined) return `every ${nameOf(key)} step`;
    const scope = catalog.find((r) => r.key === key)?.scopes.find((s) => s.id === scopeId);
    return `the ${nameOf(key)} steps of ‘${scope?.title ?? scopeId}’`;
  });
  const inherited = role.inherits.map(nameOf);
  const who = `${role.displayName || role.key} members`;
  const sentences: string[] = [];
  if (role.isDepartment) {
    sentences.push(role.parentDepartment ? `A department within ${nameOf(role.parentDepartment)}.` : 'A department.');
  } else if (role.parentDepartment) sentences.push(`Part of ${nameOf(role.parentDepartment)}.`);
  const passwords = `count as ${joinAnd(inherited)} for shared passwords`;
  if (included.length > 0) {
    sentences.push(`${who} also see ${joinAnd(included)}${inherited.length > 0 ? `, and ${passwords}` : ''}.`);
  } else if (inherited.length > 0) sentences.push(`${who} ${passwords}.`);
  return sentences.join(' ');
}

/**
 * Where a problem of the content check is, in words: 'Volunteer › Getting started › Sign the agreement › title'.
 * @param catalog the draft's role configurations
 * @param problem the problem (its role key and its path in the content check's notation)
 */
export function describeProblem(catalog: readonly RoleConfiguration[], problem: StudioProblem): string {
  const r = catalog.find((x) => x.key === problem.role);
  const where = locateProblem(problem.path);
  const scope = where.scope === null ? undefined : r?.scopes[where.scope];
  const s = where.step === null ? undefined : scope?.steps[where.step];
  const task = /^teamTasks\[(\d+)\]/u.exec(problem.path);
  const taskTitle = task ? `Team task ‘${r?.teamTasks[Number(task[1])]?.title ?? ''}’` : undefined;
  const field = problem.path.replace(/^(?:scopes\[\d+\](\.steps\[\d+\])?|teamTasks\[\d+\])\.?/u, '');
  return [r?.displayName ?? (problem.role || 'Catalog'), scope?.title, s?.title, taskTitle, field]
    .filter((x) => x !== undefined && x !== '')
    .join(' › ');
}
