import type { RequestIdVariables } from 'hono/request-id';
import type { AppDeps } from './deps';
import type { AuthenticatedUser } from './domain/auth/sessions';
import type { EditionOnSale } from './domain/retreats/availability';

/** Hono's typed context for this app: every handler can read the injected deps and the request id. */
export interface AppEnv {
  /**
   * `auth`: the request's signed-in user once looked up (undefined: not yet; null: nobody). `edition`: the edition a
   * booking request names, as its validation read it (so the booking does not read it again).
   */
  Variables: RequestIdVariables & { deps: AppDeps; auth?: AuthenticatedUser | null; edition?: EditionOnSale };
}
