/** The team tasks feature's public file: other features import only this (docs/architecture.md#client). */
export { MyTasksLink } from './components/my-tasks-link';
export { TeamTaskItem } from './components/team-task-item';
