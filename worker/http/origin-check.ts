import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence (DESIGN.md section 5): a state-changing request must carry an Origin header naming this site.
 * Browsers always send Origin on POST/PUT/PATCH/DELETE, so a missing header means a non-browser client or a
 * privacy proxy; both are refused rather than guessed at. Only the configured origins count (SITE_URL, or the Node
 * host's own address): never the request's own, which comes from its Host header, so a DNS-rebinding page whose
 * Host and Origin both say evil.example would pass.
 *
 * `exempt` names the few paths that other servers call (an online payment provider's notification): they carry no
 * cookies a page could ride on, and are authenticated by their own signed body instead.
 */
export const originCheck =
  (allowedOrigins: readonly string[], exempt: readonly string[] = []): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return next();
    const origin = c.req.header('Origin');
    if (!origin || !allowedOrigins.includes(origin)) throw new ApiError('forbidden_origin');
    return next();
  };
