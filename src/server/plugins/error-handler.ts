import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/api.js';
import { HttpError } from '../http-errors.js';
import { globalPlugin } from './global-plugin.js';

/** What a client sees of any 5xx: the details stay in the log (STYLE.md "5xx messages hidden from clients"). */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Builds the JSON body of an error answer (shared `apiErrorSchema`). */
export function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** `{ validationContext: 'body', validation: [{ instancePath: '/completed', message }] }` → `body.completed: message` */
function validationMessage(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? [])
    .map((issue) => {
      const where = issue.instancePath.split('/').filter((s) => s !== '').join('.');
      return `${context}${where === '' ? '' : `.${where}`}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}

function statusOf(error: FastifyError): number {
  const code = error.statusCode;
  return typeof code === 'number' && code >= 400 && code <= 599 ? code : 500;
}

/**
 * Answers every error as JSON `{ statusCode, error, message }`: request validation → 400 naming each field and
 * problem; invalid JSON → 400; other 4xx keep their message (and an HttpError's details, e.g. `role`); 5xx are
 * logged and answered with {@link SERVER_ERROR_MESSAGE}. The not-found handler lives in plugins/static-files.ts (it knows the SPA).
 */
export const errorHandlerPlugin = globalPlugin(async (app) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      return reply.code(400).send(apiError(400, validationMessage(error)));
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(apiError(status, SERVER_ERROR_MESSAGE));
    }
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : error.message;
    return reply.code(status).send({ ...apiError(status, message), ...(error instanceof HttpError ? error.details : {}) });
  });
});
