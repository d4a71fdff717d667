import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDepartmentBodySchema,
  changeDepartmentBodySchema,
  departmentParamsSchema,
  departmentsSchema,
  moveDepartmentBodySchema,
} from '../../../shared/departments-api.js';
import type { Database } from '../../db/client.js';
import { requirePermission } from '../permissions/index.js';
// The session plugin declares `request.user`: named here so that every program reaching these routes (the members
// command's, through scripts/e2e-seed.ts) knows it.
import type {} from '../../plugins/sessions.js';
import { addDepartment, changeDepartment, listDepartmentsWithCounts, moveDepartment } from './departments.service.js';

/** What the departments routes need. */
export interface DepartmentsRoutesOptions {
  db: Database;
  now: () => Date;
}

/**
 * The departments list of the admin console (docs/product.md#departments), admins only (`members:write`; 401
 * anonymous, 403 otherwise). Every change answers the list as GET does.
 *
 * - GET /api/admin/departments → the list with member and lead counts, and the departments records name that are
 *   not in it.
 * - POST /api/admin/departments `{ name }` → adds one; 409 when the list has it already.
 * - PATCH /api/admin/departments/:name `{ name?, retired? }` → renames it (for every member and lead too, in one
 *   transaction) and/or retires it or offers it again; 404 unknown, 409 when the new name is another department's.
 * - POST /api/admin/departments/move `{ from, to }` → every member record and lead of `from` (listed or not) gets
 *   `to`; 400 when `to` is not a department of the list or is retired.
 *
 * Each change is audited as `department-change` (reason added, renamed, retired, restored, moved).
 */
export const departmentsRoutes: FastifyPluginAsyncZod<DepartmentsRoutesOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requirePermission('members:write'));
  const actorOf = (request: FastifyRequest) => ({
    actorUserId: request.user?.id ?? null,
    actorEmail: request.user?.email ?? null,
  });
  const list = (request: FastifyRequest) => listDepartmentsWithCounts(db, request.catalog);

  app.get(
    '/api/admin/departments',
    { schema: { response: { 200: departmentsSchema } } },
    async function getAdminDepartments(request) {
      return list(request);
    },
  );

  app.post(
    '/api/admin/departments',
    { schema: { body: addDepartmentBodySchema, response: { 200: departmentsSchema } } },
    async function postAdminDepartments(request) {
      await addDepartment(db, request.catalog, request.body.name, actorOf(request), now());
      return list(request);
    },
  );

  app.patch(
    '/api/admin/departments/:name',
    {
      schema: {
        params: departmentParamsSchema,
        body: changeDepartmentBodySchema,
        response: { 200: departmentsSchema },
      },
    },
    async function patchAdminDepartmentsByName(request) {
      await changeDepartment(db, request.catalog, request.params.name, request.body, actorOf(request), now());
      return list(request);
    },
  );

  app.post(
    '/api/admin/departments/move',
    { schema: { body: moveDepartmentBodySchema, response: { 200: departmentsSchema } } },
    async function postAdminDepartmentsMove(request) {
      await moveDepartment(db, request.catalog, request.body.from, request.body.to, actorOf(request), now());
      return list(request);
    },
  );
};
