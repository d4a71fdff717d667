/**
 * The departments list (docs/product.md#departments): the module's one public file; other modules import only this.
 */
export {
  checkMemberDepartments,
  departmentLookup,
  DEFAULT_DEPARTMENT_NAME,
  ensureDepartments,
  seedDepartmentNames,
} from './departments.service.js';
export { departmentsRoutes } from './departments.routes.js';
