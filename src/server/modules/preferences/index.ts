/** Reading and display preferences: the module's one public file; other modules import only this. */
export { preferencesOf } from './preferences.repository.js';
export { preferencesRoutes } from './preferences.routes.js';
