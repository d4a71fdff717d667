/** The demo onboarding (docs/product.md#demo-page): the module's one public file; other modules import only this. */
export { demoRoutes } from './demo.routes.js';
