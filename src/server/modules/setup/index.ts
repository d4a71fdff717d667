/**
 * The production settings of `npm run setup` (docs/operations.md#setting-up-with-npm-run-setup): the module's one
 * public file; other modules import only this.
 */
export { runSetup, SetupError, type SetupIo } from './setup.js';
