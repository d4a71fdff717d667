/** Google sign-in and the Workspace directory: the module's one public file; other modules import only this. */
export { WorkspaceDirectory } from './directory.js';
export { googleAuthRoutes } from './google-auth.routes.js';
export { OidcProvider } from './oidc-provider.js';
