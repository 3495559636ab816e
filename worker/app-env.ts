import type { RequestIdVariables } from 'hono/request-id';
import type { AppDeps } from './deps';
import type { AuthenticatedUser } from './domain/auth/sessions';

/** Hono's typed context for this app: every handler can read the injected deps and the request id. */
export interface AppEnv {
  /** `auth`: the request's signed-in user once looked up (undefined: not yet; null: nobody). */
  Variables: RequestIdVariables & { deps: AppDeps; auth?: AuthenticatedUser | null };
}
