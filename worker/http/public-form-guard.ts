import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { AppConfig } from '../deps';
import type { AuthAttemptKind } from '../../src/lib/enums';
import { enforceRateLimit } from '../domain/rate-limit';

/** Per-IP limit for a public form endpoint, counted before the body is even parsed. */
export const perIpLimit =
  (kind: AuthAttemptKind, pick: (limits: AppConfig['limits']) => AppConfig['limits'][keyof AppConfig['limits']]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { deps } = c.var;
    await enforceRateLimit(deps, { kind, key: deps.clientIp(c) ?? 'unknown', limit: pick(deps.config.limits) });
    await next();
  };
