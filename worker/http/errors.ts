import type { Context } from 'hono';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode, type FieldIssue } from '../../src/lib/api-errors';

export function errorBody(code: string, message: string, details?: FieldIssue[]): ApiErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}

export function jsonError(c: Context, code: ApiErrorCode, details?: FieldIssue[]) {
  const { status, message } = API_ERRORS[code];
  return c.json(errorBody(code, message, details), status);
}
