/** Insights for admins: the module's one public file; other modules import only this. */
export { insightsRoutes } from './insights.routes.js';
