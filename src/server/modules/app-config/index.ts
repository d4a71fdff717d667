/** The app's public configuration: the module's one public file; other modules import only this. */
export { appConfigRoutes } from './app-config.routes.js';
