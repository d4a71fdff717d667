import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigSchema } from '../../../shared/api.js';
import { APP_VERSION } from '../../../shared/content-schema.js';
import type { Config } from '../../env.js';

/** The app's name (docs/product.md#header-and-footer). */
export const APP_NAME = 'Onboarding';

/**
 * GET /api/config → public settings for the login screen and footer (docs/product.md#login-screen,
 * docs/product.md#header-and-footer): app name, version 0.5, organisation name, support e-mail, allowed domain, and
 * which sign-in modes are on, and how dates are written (docs/product.md#dates-and-times). No secrets.
 */
export const appConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get('/api/config', { schema: { response: { 200: appConfigSchema } } }, async function getConfig() {
    return {
      appName: APP_NAME,
      version: APP_VERSION,
      orgName: config.orgName,
      supportEmail: config.supportEmail,
      allowedDomain: config.allowedDomain,
      signIn: { google: Boolean(config.googleClientId), development: config.devLogin },
      dates: { locale: config.organisationLocale, timeZone: config.organisationTimeZone },
    };
  });
};
