/**
 * The member overview (docs/architecture.md#source-layout): one row per member with their role's steps and progress,
 * kept in the admin tables and read by the admin area, insights, mail and the acknowledgment sweep. The module's one
 * public file: other modules import only from here.
 */
export {
  adjustedStepRows,
  adjustmentRule,
  EXTRA_STEP_ORDINAL_BASE,
  listStepAdjustments,
  type StepAdjustmentRow,
} from './adjustments.repository.js';
export { refreshAdminMembers } from './admin-members.js';
export { memberStartsSql, wholeDaysSql } from './member-start.js';
export {
  getMemberOverview,
  listAllMemberOverviews,
  listDepartments,
  listMemberOverviews,
  type MembersContext,
  type MembersFilter,
} from './member-overview.repository.js';
export { roleStepRows, type RoleStepRow } from './role-steps.js';
export { stalledSql, waitingSinceSql, type StalledClock } from './stalled.js';
