import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiErrorCode } from '../../src/lib/api-errors';
import { STATEMENT_MAX_BYTES } from '../domain/bank/statement';
import { ApiError } from '../errors';

/** Every JSON body this API accepts is a form's worth of text; 64 KB is generous and bounds the parse cost. */
export const MAX_BODY_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

function hasBody(headers: Headers): boolean {
  const length = headers.get('Content-Length');
  return headers.has('Transfer-Encoding') || (length !== null && length !== '0');
}

/**
 * The routes that take a file instead of JSON, as multipart form data, each with its own limit: a bank statement
 * (issue "Collect") may be 5 MB, and the form's own parts add a little.
 */
export const UPLOAD_ROUTES: readonly { method: string; path: string; maxBytes: number; tooLarge: ApiErrorCode }[] = [
  { method: 'POST', path: '/api/admin/bank-statements', maxBytes: STATEMENT_MAX_BYTES + 64 * 1024, tooLarge: 'statement_too_large' },
  { method: 'POST', path: '/api/admin/bank-statements/preview', maxBytes: STATEMENT_MAX_BYTES + 64 * 1024, tooLarge: 'statement_too_large' },
];

const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

const limit = (maxSize: number, code: ApiErrorCode) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(code);
    },
  });

/**
 * A request that sends a body must say it is JSON (415 otherwise), and the body may not exceed the limit (413); an
 * upload route's body must be multipart form data, within its own limit.
 */
export const jsonBodyRules = (): MiddlewareHandler[] => {
  const jsonLimit = limit(MAX_BODY_BYTES, 'payload_too_large');
  const uploads = UPLOAD_ROUTES.map((route) => ({ ...route, limit: limit(route.maxBytes, route.tooLarge) }));
  return [
    async (c, next) => {
      const upload = uploads.find((route) => route.method === c.req.method && route.path === c.req.path.replace(/\/+$/, ''));
      if (hasBody(c.req.raw.headers)) {
        const type = c.req.header('Content-Type') ?? '';
        if (upload && !MULTIPART_TYPE.test(type)) throw new ApiError('unsupported_media_type', { message: 'Päringu sisu peab olema vorm failiga (multipart/form-data).' });
        if (!upload && !JSON_TYPE.test(type)) throw new ApiError('unsupported_media_type');
      }
      return (upload?.limit ?? jsonLimit)(c, next);
    },
  ];
};
