import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence (DESIGN.md section 5): a state-changing request must carry an Origin header naming this site.
 * Browsers always send Origin on POST/PUT/PATCH/DELETE, so a missing header means a non-browser client or a
 * privacy proxy; both are refused rather than guessed at. The request's own origin is always accepted so that
 * the site works on whatever host name it is reached by; `allowedOrigins` adds the public origin(s) seen behind
 * a TLS-terminating proxy.
 */
export const originCheck =
  (allowedOrigins: readonly string[]): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('Origin');
    const own = new URL(c.req.url).origin;
    if (!origin || (origin !== own && !allowedOrigins.includes(origin))) {
      throw new ApiError('forbidden_origin');
    }
    return next();
  };
