import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors';

/** Every JSON body this API accepts is a form's worth of text; 64 KB is generous and bounds the parse cost. */
export const MAX_BODY_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

function hasBody(headers: Headers): boolean {
  const length = headers.get('Content-Length');
  return headers.has('Transfer-Encoding') || (length !== null && length !== '0');
}

/** A request that sends a body must say it is JSON (415 otherwise), and the body may not exceed the limit (413). */
export const jsonBodyRules = (): MiddlewareHandler[] => [
  async (c, next) => {
    if (hasBody(c.req.raw.headers) && !JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
      throw new ApiError('unsupported_media_type');
    }
    return next();
  },
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('payload_too_large');
    },
  }),
];
