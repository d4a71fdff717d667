import { contrastRatio, textColorFor } from '@shared/colors';
import { ICON_NAMES, roleConfigurationSchema, type RoleConfiguration } from '@shared/content-schema';
import type { StudioProblem } from '@shared/studio-api';
import { shortDate } from '@shared/read-day';
import type { z } from 'zod';
import { dateSettings } from '@/lib/dates';

/**
 * The studio's checks (docs/product.md#content-studio): each role configuration through the same zod schema the server
 * and `npm run content:check` use, plus the catalog rules a form can see at once (step ids unique across roles, keys
 * unique, icons known, role colours readable: docs/product.md#role-colours-and-labels). The server checks the rest when the draft is saved, and returns its problems.
 */

/** `['scopes', 0, 'steps', 2, 'pdfUrl']` → `scopes[0].steps[2].pdfUrl`, the content check's notation. */
export function formatPath(segments: readonly PropertyKey[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s)}`)).join('');
}

const sentence = (text: string): string => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/u.test(capital) ? capital : `${capital}.`;
};

/**
 * A zod issue in words an editor can act on: what to change, not what the parser saw.
 * @param issue one issue of `roleConfigurationSchema.safeParse`
 */
export function friendlyMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return 'Write something here: it cannot be empty.';
      if (issue.origin === 'array') return `Add at least ${String(issue.minimum)}.`;
      return `Use a whole number of at least ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Make this shorter: at most ${String(issue.maximum)} characters.`;
      return `Use a whole number of at most ${String(issue.maximum)}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Write a whole e-mail address, e.g. name@inspired2uplift.org.';
      if (issue.format === 'date') return `Write a date like ${shortDate('2026-11-16', dateSettings().locale)}.`;
      return sentence(`This ${issue.message}`);
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return 'Write a whole number.';
      return 'Fill this in.';
    case 'unrecognized_keys':
      return `Remove ${issue.keys.join(', ')}: the studio does not know ${issue.keys.length === 1 ? 'this field' : 'these fields'}.`;
    default:
      return sentence(issue.message);
  }
}

/**
 * Every problem of one role configuration that its schema finds.
 * @param role the configuration as edited (it may not be valid)
 * @returns problems with `role` = the configuration's key and `path` in the content check's notation
 */
export function roleProblems(role: RoleConfiguration): StudioProblem[] {
  const result = roleConfigurationSchema.safeParse(role);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    role: role.key,
    path: formatPath(issue.path),
    message: friendlyMessage(issue),
  }));
}

/**
 * The problems of a whole catalog that the browser can find: each role's schema problems, keys used twice, step ids
 * used twice across roles, and icons that are not one of the 35 names.
 * @param catalog every role configuration as edited
 */
export function catalogProblems(catalog: readonly RoleConfiguration[]): StudioProblem[] {
  const problems: StudioProblem[] = [];
  const keys = new Set<string>();
  const stepIds = new Map<string, { role: string; path: string; label: string }[]>();
  for (const role of catalog) {
    problems.push(...roleProblems(role));
    if (keys.has(role.key))
      problems.push({
        role: role.key,
        path: 'key',
        message: `Another role already has the key "${role.key}". Choose another key.`,
      });
    keys.add(role.key);
    for (const [name, color] of Object.entries(role.colors)) {
      if (typeof color !== 'string' || !/^#[0-9a-fA-F]{6}$/u.test(color)) continue;
      const ratio = contrastRatio(color, textColorFor(color));
      if (ratio < 4.5) {
        problems.push({
          role: role.key,
          path: `colors.${name}`,
          message: `Text on this colour reaches only ${ratio.toFixed(1)}:1; choose a darker or lighter colour (at least 4.5:1).`,
        });
      }
    }
    if (role.icon !== '' && !(ICON_NAMES as readonly string[]).includes(role.icon)) {
      problems.push({ role: role.key, path: 'icon', message: 'Choose one of the icons in the list.' });
    }
    role.scopes.forEach((scope, si) => {
      scope.steps.forEach((step, ti) => {
        const at = `scopes[${si}].steps[${ti}]`;
        if (step.id !== '') {
          const uses = stepIds.get(step.id) ?? [];
          uses.push({ role: role.key, path: `${at}.id`, label: `‘${step.title}’ of ${role.displayName || role.key}` });
          stepIds.set(step.id, uses);
        }
        if (step.icon !== '' && !(ICON_NAMES as readonly string[]).includes(step.icon)) {
          problems.push({ role: role.key, path: `${at}.icon`, message: 'Choose one of the icons in the list.' });
        }
      });
    });
  }
  for (const [id, uses] of stepIds) {
    if (uses.length < 2) continue;
    for (const use of uses) {
      const others = uses
        .filter((u) => u !== use)
        .map((u) => u.label)
        .join(', ');
      problems.push({
        role: use.role,
        path: use.path,
        message: `The id "${id}" is also used by ${others}. Every step needs its own id: choose another.`,
      });
    }
  }
  return problems;
}

/**
 * The browser's problems and the server's (from the last save) together, once each. A role that fails its schema is
 * left out of the server's cross-checks, so every reference to it then reads as "no role configuration has the key";
 * such a reference to a role (or scope) the catalog does have is dropped: the role's own problem is the one to fix.
 * @param local from {@link catalogProblems}
 * @param server `StudioDraft.problems`
 * @param catalog the catalog on screen
 */
export function mergeProblems(
  local: readonly StudioProblem[],
  server: readonly StudioProblem[],
  catalog: readonly RoleConfiguration[] = [],
): StudioProblem[] {
  const seen = new Set(local.map((p) => `${p.role}|${p.path}`));
  const keys = new Set(catalog.map((r) => r.key));
  const scopes = new Set(catalog.flatMap((r) => r.scopes.map((s) => `${r.key}/${s.id}`)));
  const dangling = (message: string): boolean => {
    const role = /no role configuration has the key "([^"]+)"/u.exec(message);
    if (role?.[1] !== undefined) return !keys.has(role[1].toLowerCase());
    const scope = /the role configuration "([^"]+)" has no scope "([^"]+)"/u.exec(message);
    if (scope?.[1] !== undefined && scope[2] !== undefined) return !scopes.has(`${scope[1]}/${scope[2]}`);
    return true;
  };
  return [...local, ...server.filter((p) => !seen.has(`${p.role}|${p.path}`) && dangling(p.message))];
}

/** Where a problem's path points: the scope and step it is in, if any. */
export function locateProblem(path: string): { scope: number | null; step: number | null } {
  const scope = /^scopes\[(\d+)\]/u.exec(path);
  const step = /^scopes\[\d+\]\.steps\[(\d+)\]/u.exec(path);
  return {
    scope: scope?.[1] === undefined ? null : Number(scope[1]),
    step: step?.[1] === undefined ? null : Number(step[1]),
  };
}
