import type { RequestIdVariables } from 'hono/request-id';
import type { AppDeps } from './deps';

/** Hono's typed context for this app: every handler can read the injected deps and the request id. */
export interface AppEnv {
  Variables: RequestIdVariables & { deps: AppDeps };
}
