import type { RequestIdVariables } from 'hono/request-id';
import type { AppDeps } from './deps';
import type { Actor } from './domain/actor';
import type { AuthenticatedUser } from './domain/auth/sessions';
import type { SessionCheck } from './domain/auth/session-check';
import type { EditionTerms } from './domain/retreats/availability';

/** Hono's typed context for this app: every handler can read the injected deps and the request id. */
export interface AppEnv {
  /**
   * `auth`: the request's signed-in user once looked up (undefined: not yet; null: nobody). `actor`: who the audit
   * trail names for this request, set by requireUser()/requireAdmin() (worker/http/auth.ts). `edition`: the edition a
   * booking request names, as its validation read it (so the booking does not read it again). `sessionCheck`: on
   * the routes that check the session in their own batch, the statements that do it (worker/http/auth.ts).
   */
  Variables: RequestIdVariables & { deps: AppDeps; auth?: AuthenticatedUser | null; actor?: Actor; edition?: EditionTerms; sessionCheck?: SessionCheck };
}

/**
 * The context behind requireUser() or requireAdmin(): the signed-in user and the actor are known. Route modules
 * mounted behind one of them (worker/routes/admin/*, worker/routes/me.ts) are typed with it.
 */
export interface SignedInEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { auth: AuthenticatedUser; actor: Actor };
}
