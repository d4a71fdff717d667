import { z } from 'zod';

/** Stable identifiers: lower-case words joined by '-', e.g. `sign-volunteer-agreement`. */
export const stableIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by "-", e.g. "set-up-slack"')
  .max(80);

/**
 * The id a step or item had in the published version, when an editor changed its id in the studio's draft: a rename
 * (docs/product.md#renaming-a-step). Publishing moves members' progress from that id to the new one and removes the
 * mark, so the published content never carries it.
 */
export const renamedFromSchema = stableIdSchema.optional();
