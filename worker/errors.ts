import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERRORS, type ApiErrorCode, type FieldIssue } from '../src/lib/api-errors';

/**
 * Thrown by services and routes for an expected failure; `http/error-handler.ts` turns it into the JSON shape.
 * It lives outside `http/` so that services can refuse things without importing the HTTP layer.
 */
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
