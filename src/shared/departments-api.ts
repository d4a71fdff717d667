import { z } from 'zod';

/**
 * The departments list's API contract (docs/product.md#departments): admins only, under /api/admin/departments.
 */

/** A department's name as an admin writes it: trimmed, 1 to 120 characters. */
export const departmentNameSchema = z
  .string()
  .trim()
  .min(1, 'Write the department’s name.')
  .max(120, 'A department’s name is at most 120 characters.');

/** One department of the list, with how many member records name it. */
export const departmentSchema = z.object({
  name: z.string(),
  /** Retired: kept for the members who have it, no longer offered or accepted for anyone else. */
  retired: z.boolean(),
  /** Member records whose department it is. */
  members: z.number().int(),
  /** Member records of people who lead it. */
  leads: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;

/**
 * GET /api/admin/departments (and the answer of every change): the list in name order, and the departments member
 * records name that are not in it (typed before the list existed, e.g. 'Chapterz'), with how many records name each.
 */
export const departmentsSchema = z.object({
  items: z.array(departmentSchema),
  unlisted: z.array(z.object({ name: z.string(), members: z.number().int(), leads: z.number().int() })),
});
export type Departments = z.infer<typeof departmentsSchema>;

/** POST /api/admin/departments body: adds a department. */
export const addDepartmentBodySchema = z.object({ name: departmentNameSchema }).strict();

/**
 * PATCH /api/admin/departments/:name body: a new name (renames it for every member and lead too), and/or retired
 * (true: retire it; false: offer it again).
 */
export const changeDepartmentBodySchema = z
  .object({ name: departmentNameSchema.optional(), retired: z.boolean().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.retired !== undefined, 'Say what to change: name or retired.');

/** PATCH /api/admin/departments/:name params. */
export const departmentParamsSchema = z.object({ name: z.string().min(1).max(200) });

/**
 * POST /api/admin/departments/move body: every member record whose department is `from` (listed or not, any case)
 * gets `to` (a department of the list, not retired), and every lead of `from` leads `to` instead.
 */
export const moveDepartmentBodySchema = z
  .object({ from: z.string().trim().min(1).max(200), to: departmentNameSchema })
  .strict();

/** The key of a department name: trimmed, runs of spaces as one, lower case ('  Finance ' and 'finance' are one). */
export function departmentKey(name: string): string {
  return name.trim().replace(/\s+/gu, ' ').toLowerCase();
}
