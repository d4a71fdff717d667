import type { TeamTask } from './content-schema.js';
import { inheritedRoles, parseInclude, type RoleCatalog } from './roles.js';

/** A team task with the role configuration it comes from. */
export interface RoleTeamTask extends TeamTask {
  roleKey: string;
}

/**
 * The team tasks of a newcomer of one role (docs/product.md#team-tasks): the role's own, then those of the roles it
 * inherits and of the roles its scopes include (a new finance member is also a new volunteer), first occurrence of an
 * id first. Unknown keys add nothing (the content check refuses them before a catalogue is published).
 * @param catalog every role configuration by lower-case key
 * @param roleKey the newcomer's resolved role key
 * @returns the tasks in that order
 */
export function teamTasksOfRole(catalog: RoleCatalog, roleKey: string): RoleTeamTask[] {
  const own = roleKey.toLowerCase();
  const keys: string[] = [];
  const visit = (key: string) => {
    if (keys.includes(key) || !catalog.has(key)) return;
    keys.push(key);
    const config = catalog.get(key);
    for (const scope of config?.scopes ?? []) for (const entry of scope.include) visit(parseInclude(entry).role);
    let inherited: string[] = [];
    try {
      inherited = inheritedRoles(catalog, key);
    } catch {
      inherited = [];
    }
    for (const parent of inherited) visit(parent);
  };
  visit(own);
  const seen = new Set<string>();
  const out: RoleTeamTask[] = [];
  for (const key of keys) {
    for (const task of catalog.get(key)?.teamTasks ?? []) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      out.push({ ...task, roleKey: key });
    }
  }
  return out;
}
