import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode, type FieldIssue } from '../../src/lib/api-errors';

/** Thrown by routes and services for an expected failure; the error handler turns it into the JSON shape. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly details?: FieldIssue[];
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers?: Record<string, string>;

  constructor(code: ApiErrorCode, options: { message?: string; details?: FieldIssue[]; headers?: Record<string, string> } = {}) {
    super(options.message ?? API_ERRORS[code].message);
    this.code = code;
    this.status = API_ERRORS[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function errorBody(code: string, message: string, details?: FieldIssue[]): ApiErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}

export function jsonError(c: Context, code: ApiErrorCode, details?: FieldIssue[]) {
  const { status, message } = API_ERRORS[code];
  return c.json(errorBody(code, message, details), status);
}
