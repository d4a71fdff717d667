/** The health check: the module's one public file; other modules import only this. */
export { healthRoutes } from './health.routes.js';
