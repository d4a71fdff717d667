/** Admin permissions (docs/product.md#admin-area): the module's one public file; other modules import only this. */
export {
  checkAdminPermission,
  mayReadDepartment,
  mayUse,
  NOT_ADMIN_MESSAGE,
  readableDepartments,
  requirePermission,
  type AdminPermission,
} from './permissions.js';
