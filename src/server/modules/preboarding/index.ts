/**
 * The private e-mail address of a member (docs/product.md#private-e-mail-address) and what reaches the person there
 * before their first day: the module's one public file; other modules import only this.
 */
export { privateEmailRoutes, PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE } from './private-email.routes.js';
