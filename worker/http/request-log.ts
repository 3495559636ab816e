import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { AppEnv } from '../app-env';

/** Gives each request an id (echoed as X-Request-Id) and writes one structured line when it is answered. */
export const requestLog = (): MiddlewareHandler<AppEnv>[] => [
  requestId(),
  async (c, next) => {
    const started = performance.now();
    await next();
    c.var.deps.log({
      level: c.res.status >= 500 ? 'error' : 'info',
      msg: 'request',
      requestId: c.var.requestId,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  },
];
