/**
 * The member's Google Workspace account in the admin console (docs/product.md#google-workspace-accounts): the
 * feature's one public file; other features import only this.
 */
export { WorkspaceAccountCard } from './components/workspace-account-card';
export { SuspendOnLeavingField, useLeavingSuspension, type LeavingSuspension } from './components/suspend-on-leaving';
export { CREATE_ACCOUNT_TASK_ID, CreateAccountFromTask } from './components/create-account-link';
export {
  useGroupRules,
  useGroupsCheck,
  useOrgUnitRules,
  useSaveGroupRules,
  useSaveOrgUnitRules,
} from './api/workspace-account';
