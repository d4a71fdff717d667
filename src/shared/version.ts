/** The app-wide version shown in the footer and on the login screen (docs/product.md#header-and-footer). No imports: the client's first
 * paint uses it without the zod schemas of content-schema.ts (docs/architecture.md#client-bundle). */
export const APP_VERSION = '0.5';
