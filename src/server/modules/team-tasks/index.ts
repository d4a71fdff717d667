/**
 * Team tasks (docs/product.md#team-tasks): work the people around a newcomer do for them. The module's one public file;
 * other modules import only this.
 */
export {
  countOpenTeamTasks,
  hasTeamTasks,
  listMyTeamTasks,
  listNewcomerTeamTasks,
  suggestBuddies,
} from './team-tasks.repository.js';
export { teamTaskRoutes } from './team-tasks.routes.js';
export { markTeamTaskDone, syncTeamTasks, type SyncDeps } from './team-tasks.service.js';
