/** The content studio (docs/product.md#content-studio): the module's one public file; other modules import only this. */
export { studioRoutes } from './studio.routes.js';
