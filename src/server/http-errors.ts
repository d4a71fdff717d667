/** Extra fields of an error answer (shared `apiErrorSchema`): `role` names the role of a role configuration error. */
export interface HttpErrorDetails {
  role?: string;
  /** What is wrong with each answer of a form or quiz (docs/product.md#form-steps), by field or question id. */
  problems?: { fieldId: string | null; message: string }[];
}

/**
 * An error that becomes a JSON answer `{ statusCode, error, message, ...details }` (shared `apiErrorSchema`). Throw it
 * from a handler or hook; the error handler (plugins/error-handler.ts) answers with its status, message and details.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: HttpErrorDetails = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 401: the request has no valid session. */
export const unauthorized = (message = 'Please sign in to continue.'): HttpError => new HttpError(401, message);

/** 403: the request is understood but not allowed. */
export const forbidden = (message: string): HttpError => new HttpError(403, message);

/** 404: the thing asked for does not exist (for this user). */
export const notFound = (message: string): HttpError => new HttpError(404, message);
