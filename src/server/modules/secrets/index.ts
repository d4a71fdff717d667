/** Shared passwords (docs/product.md#shared-passwords): the module's one public file; other modules import only this. */
export { type SecretBox, SecretsKeyError } from './secret-box.js';
export { secretsRoutes } from './secrets.routes.js';
export type { SecretName } from './shared-secrets.js';
export { listStoredSecrets, prepareStoredSecrets, readStoredSecret, writeStoredSecret } from './stored-secrets.js';
