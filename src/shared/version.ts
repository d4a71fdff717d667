/** The app-wide version shown in the footer and on the login screen (SPEC §1, §9). No imports: the client's first
 * paint uses it without the zod schemas of content-schema.ts (issue 8 "Bundle"). */
export const APP_VERSION = '0.5';
