import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env';
import { causedByUnavailableDatabase } from '../db/availability';
import { ApiError } from '../errors';
import { errorBody, jsonError } from './errors';

/**
 * The single place a failure becomes a response. Expected failures (ApiError) keep their code; Hono's own
 * HTTPExceptions (the JSON validator's "Malformed JSON", for one) are mapped to ours; a database that cannot be
 * reached is a 503 (db/availability.ts); anything else is a 500 whose
 * details go to the log under the request id, never to the client.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
  }
  if (err instanceof HTTPException && err.status === 400) return jsonError(c, 'malformed_json');
  if (err instanceof HTTPException && err.status === 413) return jsonError(c, 'payload_too_large');
  if (causedByUnavailableDatabase(err)) {
    c.var.deps.log({ level: 'error', msg: 'database unavailable', requestId: c.var.requestId, error: err instanceof Error ? err.message : String(err) });
    c.header('Retry-After', '30');
    return jsonError(c, 'db_unavailable');
  }
  c.var.deps.log({
    level: 'error',
    msg: 'unhandled exception',
    requestId: c.var.requestId,
    error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
  });
  return jsonError(c, 'internal_error');
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) => jsonError(c, 'not_found');
