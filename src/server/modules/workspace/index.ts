/**
 * The Google Workspace account follows the member (docs/operations.md#google-workspace): the one connection to
 * Google's Directory API. The module's one public file; other modules import only this.
 */
export {
  DIRECTORY_QUERIES_PER_MINUTE,
  GOOGLE_TOKEN_URL,
  loadServiceAccountKey,
  ServiceAccountKeyError,
  WORKSPACE_SCOPES,
  WorkspaceConnection,
  WorkspaceError,
  workspaceError,
  type ServiceAccountKey,
  type WorkspaceFailure,
} from './connection.js';
export { workspaceRoutes } from './workspace.routes.js';
export { WorkspaceWorker } from './jobs.js';
export { DirectoryReader } from './directory-reader.js';
export { directoryRoutes } from './directory.routes.js';
