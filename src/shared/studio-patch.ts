import { z } from 'zod';

/**
 * A draft save that carries only what changed (docs/product.md#editing-in-the-browser, docs/decisions/041-studio-saves-
 * what-changed.md): the role configurations that differ from the draft the editor last saved, whole, and the order of
 * every role's key. The save-on-leave request is sent with `fetch(…, { keepalive: true })`, which browsers refuse above
 * 64 KiB of body; the whole catalogue is about 110 kB, one role configuration about 13 kB.
 *
 * `PATCH /api/studio/draft` body {@link DraftPatch} → the same answers as `PUT /api/studio/draft` (the saved draft, or
 * 409 with the other person's draft when `baseUpdatedAt` is not the stored draft's), and 422 when `order` names a key
 * that is neither in the stored draft nor in `roles`, or names a key twice.
 */

/** At most this many role configurations in a catalogue (the server's limit for a whole save too). */
export const DRAFT_PATCH_MAX_ROLES = 200;

/** A role configuration as a draft holds it: maybe not valid yet, but with its key. */
const draftRoleSchema = z.looseObject({ key: z.string().max(200) });

export const draftPatchSchema = z
  .object({
    /** The `updatedAt` of the draft the change was made to; null when there was no draft (the published version). */
    baseUpdatedAt: z.iso.datetime().nullable(),
    /** The role configurations changed or added, whole. */
    roles: z.array(draftRoleSchema).max(DRAFT_PATCH_MAX_ROLES),
    /** Every role configuration's key in the draft's order after the change; a key not named is removed. */
    order: z.array(z.string().max(200)).max(DRAFT_PATCH_MAX_ROLES),
  })
  .strict();

export type DraftPatch = z.infer<typeof draftPatchSchema>;

/** The key of a draft's role configuration, or null when it has none (a draft need not be valid). */
function keyOf(role: unknown): string | null {
  return typeof role === 'object' && role !== null && typeof (role as { key?: unknown }).key === 'string'
    ? (role as { key: string }).key
    : null;
}

/** Keys of a catalogue, or null when a role has no key or two share one (a patch cannot name them then). */
function keysOf(catalog: readonly unknown[]): string[] | null {
  const keys = catalog.map(keyOf);
  if (keys.some((k) => k === null)) return null;
  const present = keys as string[];
  return new Set(present).size === present.length ? present : null;
}

/**
 * The patch that turns `saved` (the draft as last saved) into `next`, or null when it cannot be said by keys (a role
 * without a key, or two with the same key: then the whole catalogue is saved).
 * @param saved the catalogue the server holds
 * @param next the editor's catalogue
 * @param baseUpdatedAt the stored draft's `updatedAt`, or null when there is no draft
 */
export function draftPatchOf(
  saved: readonly unknown[],
  next: readonly unknown[],
  baseUpdatedAt: string | null,
): DraftPatch | null {
  const savedKeys = keysOf(saved);
  const order = keysOf(next);
  if (savedKeys === null || order === null) return null;
  const before = new Map(saved.map((r, i) => [savedKeys[i] ?? '', JSON.stringify(r)]));
  const roles = next.filter((r, i) => before.get(order[i] ?? '') !== JSON.stringify(r)) as DraftPatch['roles'];
  return { baseUpdatedAt, roles, order };
}

/**
 * The catalogue a patch makes of the stored draft (docs/decisions/041-studio-saves-what-changed.md).
 * @param base the stored draft's catalogue (the published one when there is no draft)
 * @param patch the request
 * @returns the new catalogue, or a sentence saying why the patch does not fit `base`
 */
export function applyDraftPatch(
  base: readonly unknown[],
  patch: Pick<DraftPatch, 'roles' | 'order'>,
): { catalog: unknown[] } | { problem: string } {
  const baseKeys = keysOf(base);
  if (baseKeys === null)
    return { problem: 'The stored draft has roles without a key or with the same key: save the whole draft.' };
  if (new Set(patch.order).size !== patch.order.length) return { problem: 'The order names a role twice.' };
  const changed = new Map(patch.roles.map((r) => [r.key, r]));
  if (changed.size !== patch.roles.length) return { problem: 'Two changed roles have the same key.' };
  const stored = new Map(base.map((r, i) => [baseKeys[i] ?? '', r]));
  const catalog: unknown[] = [];
  for (const key of patch.order) {
    const role = changed.get(key) ?? stored.get(key);
    if (role === undefined) return { problem: `The role "${key}" is neither in the draft nor in the change.` };
    catalog.push(role);
  }
  for (const key of changed.keys()) {
    if (!patch.order.includes(key)) return { problem: `The changed role "${key}" is missing from the order.` };
  }
  return { catalog };
}
