import type { RoleConfiguration, Scope } from '@shared/content-schema';
import { changeRoleKeyAt, parseInclude } from '@shared/roles';
import { idFromTitle } from './catalog-edits';

/**
 * Role keys and scope ids made from names (docs/product.md#editing-in-the-browser): editors name a role or a scope, and
 * the studio makes the key or id that member records and includes use, shown only under 'Advanced'.
 */

type Catalog = readonly RoleConfiguration[];

/**
 * A role key made from a display name: its letters in lower case (accents dropped), words joined by one space, as the
 * content schema wants ('Blog Writer' → 'blog writer'); 'role' when no letter is left.
 */
export function roleKeyFromName(displayName: string): string {
  const words = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/u)
    .filter((w) => w !== '');
  return words.length === 0 ? 'role' : words.join(' ').slice(0, 60).trim();
}

/** The suffixes that keep a made key free (a key has letters only): 'finance', 'finance b', 'finance c', … */
const SUFFIXES = 'bcdefghijklmnopqrstuvwxyz';

/**
 * A role key no role of the catalog has (but the one at `except`), from `base`: `base`, `base b`, `base c`, …
 * @param except the index of the role the key is for (its own key is free for it)
 */
export function freeRoleKey(catalog: Catalog, base: string, except?: number): string {
  const used = new Set(catalog.filter((_, i) => i !== except).map((r) => r.key));
  if (!used.has(base)) return base;
  for (const letter of SUFFIXES) if (!used.has(`${base} ${letter}`)) return `${base} ${letter}`;
  for (const a of SUFFIXES) for (const b of SUFFIXES) if (!used.has(`${base} ${a}${b}`)) return `${base} ${a}${b}`;
  return base;
}

/** Whether `key` was made from `displayName` by {@link roleKeyFromName} (with a letter added to make it free). */
export function keyMadeFromName(key: string, displayName: string): boolean {
  const base = roleKeyFromName(displayName);
  return key === base || (key.startsWith(`${base} `) && /^[b-z]{1,2}$/u.test(key.slice(base.length + 1)));
}

/**
 * A scope id no other scope of the role has, made from the scope's title ('Before your first meeting' →
 * 'before-your-first-meeting', then '-2', '-3', …).
 * @param scopes the role's scopes
 * @param except the index of the scope the id is for
 */
export function freeScopeId(scopes: readonly Scope[], title: string, except?: number): string {
  const made = idFromTitle(title);
  // idFromTitle says 'step' for a title without a letter or digit.
  const base = made === 'step' && !/step/iu.test(title) ? 'scope' : made;
  const used = new Set(scopes.filter((_, i) => i !== except).map((s) => s.id));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The catalog with a role's key changed by the editor (docs/product.md#renaming-a-step), everywhere other roles name it ({@link changeRoleKeyAt}). For
 * a role of the published version it is a rename: the role remembers its published key in `renamedFrom`, so that
 * publishing moves its members and their team tasks to the new key; setting the key back forgets the rename.
 * @param index the role whose key changes
 * @param key the new key
 * @param publishedKeys the keys of the published version's roles
 */
export function renameRole(
  catalog: Catalog,
  index: number,
  key: string,
  publishedKeys: ReadonlySet<string>,
): RoleConfiguration[] {
  const role = catalog[index];
  if (role === undefined) return [...catalog];
  const original = role.renamedFrom ?? role.key;
  const changed = changeRoleKeyAt(catalog, index, key);
  const { renamedFrom: _was, ...rest } = changed[index] ?? role;
  const marked = publishedKeys.has(original) && key !== original ? { ...rest, renamedFrom: original } : rest;
  return changed.map((r, i) => (i === index ? marked : r));
}

/**
 * The catalog with a role's settings as the role form changed them (docs/product.md#editing-in-the-browser): a role
 * not yet published takes a key made from its display name while its key is still the made one; a changed key is
 * changed everywhere other roles name it ({@link changeRoleKeyAt}) and, for a published role, marked as a rename
 * ({@link renameRole}).
 * @param index the role's position
 * @param next the role as the form changed it
 * @param publishedKeys the keys of the published version's roles
 */
export function editRole(
  catalog: Catalog,
  index: number,
  next: RoleConfiguration,
  publishedKeys: ReadonlySet<string>,
): RoleConfiguration[] {
  const before = catalog[index];
  if (!before) return [...catalog];
  const follows =
    next.key === before.key &&
    next.displayName !== before.displayName &&
    !publishedKeys.has(publishedKeyOf(before)) &&
    keyMadeFromName(before.key, before.displayName);
  const key = follows ? freeRoleKey(catalog, roleKeyFromName(next.displayName), index) : next.key;
  const renamed = renameRole(catalog, index, key, publishedKeys);
  const { renamedFrom: _was, ...fields } = next;
  const mark = renamed[index]?.renamedFrom;
  return renamed.map((r, i) =>
    i !== index ? r : { ...fields, key, ...(mark === undefined ? {} : { renamedFrom: mark }) },
  );
}

/** The key a draft's role has in the published version: the one it is renamed from, or its own. */
export function publishedKeyOf(role: RoleConfiguration): string {
  return role.renamedFrom ?? role.key;
}

/**
 * Who sees a scope's steps: its own role, and every role with a scope that includes it (the whole role or this scope),
 * directly or through another include (docs/product.md#scopes-and-steps).
 * @returns the roles' display names, its own role first, then in catalog order
 */
export function scopeAudience(catalog: Catalog, roleKey: string, scopeId: string): string[] {
  const reached = new Set<string>([`${roleKey}/${scopeId}`]);
  const reaches = (entry: string) => {
    const { role, scope } = parseInclude(entry);
    if (scope !== undefined) return reached.has(`${role}/${scope}`);
    return [...reached].some((r) => r.startsWith(`${role}/`));
  };
  for (let grew = true; grew;) {
    grew = false;
    for (const r of catalog)
      for (const s of r.scopes) {
        const at = `${r.key}/${s.id}`;
        if (!reached.has(at) && s.include.some(reaches)) {
          reached.add(at);
          grew = true;
        }
      }
  }
  const keys = new Set([...reached].map((r) => r.slice(0, r.indexOf('/'))));
  const own = catalog.find((r) => r.key === roleKey);
  const others = catalog.filter((r) => r.key !== roleKey && keys.has(r.key));
  return [...(own ? [own] : []), ...others].map((r) => r.displayName || r.key);
}

/**
 * The catalog with a scope's id changed, and the includes of other roles that name it (`key/old-id`) changed with it.
 * @param role the index of the scope's role
 * @param scope the index of the scope in it
 * @param id the new id
 */
export function changeScopeId(catalog: Catalog, role: number, scope: number, id: string): RoleConfiguration[] {
  const owner = catalog[role];
  const old = owner?.scopes[scope]?.id;
  if (owner === undefined || old === undefined || old === id) return [...catalog];
  const was = `${owner.key}/${old}`;
  return catalog.map((r, ri) => ({
    ...r,
    scopes: r.scopes.map((s, si) => ({
      ...s,
      id: ri === role && si === scope ? id : s.id,
      include: s.include.map((entry) => (entry === was ? `${owner.key}/${id}` : entry)),
    })),
  }));
}
