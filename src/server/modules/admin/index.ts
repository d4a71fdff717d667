/** The admin area's member routes: the module's one public file; other modules import only this. */
export { adminRoutes, BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE, IMPORT_BODY_LIMIT_BYTES } from './admin.routes.js';
