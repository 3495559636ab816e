import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionBody } from '../../src/lib/auth-schemas';
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from '../../src/lib/auth/browser-signals';
import type { AppEnv, SignedInEnv } from '../app-env';
import type { Actor } from '../domain/actor';
import { authenticate, type AuthenticatedUser, type IssuedSession } from '../domain/auth/sessions';
import { sessionCheckStatements } from '../domain/auth/session-check';
import { verifyAccessToken } from '../domain/auth/tokens';
import { ApiError } from '../errors';
import { describedBy } from './openapi-meta';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/** The refresh token is only ever needed by the auth endpoints. */
const REFRESH_PATH = '/api/auth';

/** Tokens travel only in HttpOnly cookies: scripts on the page never see them (DESIGN section 5). */
export function setSessionCookies(c: Context, issued: IssuedSession, now: Date) {
  const base = { httpOnly: true, secure: true, sameSite: 'Lax' } as const;
  setCookie(c, ACCESS_COOKIE, issued.accessToken, { ...base, path: '/', maxAge: Math.floor((issued.accessExpiresAt.getTime() - now.getTime()) / 1000) });
  const sessionSeconds = Math.floor((issued.sessionExpiresAt.getTime() - now.getTime()) / 1000);
  setCookie(c, REFRESH_COOKIE, issued.refreshToken, { ...base, path: REFRESH_PATH, maxAge: sessionSeconds });
  setSignedInHint(c, sessionSeconds);
}

/**
 * The page scripts' hint that there may be a session to read (src/lib/auth/browser-signals.ts). It is readable by
 * scripts on purpose and carries nothing secret.
 */
export function setSignedInHint(c: Context, maxAgeSeconds: number) {
  setCookie(c, SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE, { secure: true, sameSite: 'Lax', path: '/', maxAge: maxAgeSeconds });
}

export const readSignedInHint = (c: Context) => getCookie(c, SIGNED_IN_HINT_COOKIE) === SIGNED_IN_HINT_VALUE;

export function clearSignedInHint(c: Context) {
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: true });
}

export function clearSessionCookies(c: Context) {
  deleteCookie(c, ACCESS_COOKIE, { path: '/', secure: true });
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure: true });
  clearSignedInHint(c);
}

export const readAccessCookie = (c: Context) => getCookie(c, ACCESS_COOKIE);
export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE);

export function sessionBody(auth: Pick<AuthenticatedUser, 'user' | 'isAdmin'>, accessExpiresAt: Date): SessionBody {
  return { user: auth.user, isAdmin: auth.isAdmin, expiresAt: accessExpiresAt.toISOString() };
}

/** The signed-in user of this request (cached on the context), or null. */
export async function currentAuth(c: Context<AppEnv>): Promise<AuthenticatedUser | null> {
  if (c.var.auth !== undefined) return c.var.auth;
  const auth = await authenticate(c.var.deps, readAccessCookie(c));
  c.set('auth', auth);
  return auth;
}

/** Who the audit trail names for this request: the signed-in user, from this address and browser. */
function actorOf(c: Context<AppEnv>, userId: string): Actor {
  const { ip, userAgent } = requestContext(c);
  return { userId, ip, userAgent };
}

/**
 * A route whose handler checks the session in its own batch (issue 40, ../domain/auth/session-check.ts): its method
 * and its whole path, where `:id` stands for a positive whole number.
 */
export interface SessionInBatchRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
}

const routeMatcher = (routes: readonly SessionInBatchRoute[]) => {
  const patterns = routes.map((r) => ({ method: r.method, path: new RegExp(`^${r.path.replaceAll(':id', '[1-9][0-9]{0,15}')}$`) }));
  return (c: Context) => patterns.some((p) => p.method === c.req.method && p.path.test(c.req.path));
};

/**
 * Signed-in routes: a live session (checked against its row, not just the JWT), of an admin when `admin`
 * (requireAdmin). It sets `c.var.actor` once for the handlers; typed as SignedInEnv because after it, `auth` and
 * `actor` are always there — except on the `inBatch` routes, whose handlers read no `auth`, and nothing they answer
 * with, before their batch: there the token is verified here and the session row by the batch's first statements
 * (`c.var.sessionCheck`). A handler that answers without its batch having gone through (not found, invalid, or the
 * check refused) has its answer replaced by the usual one when the session is dead or the user not allowed.
 */
function requireSignedIn(admin: boolean, inBatch: readonly SessionInBatchRoute[] = []): MiddlewareHandler<SignedInEnv> {
  const allow = (auth: AuthenticatedUser) => !admin || auth.isAdmin;
  const checksInBatch = routeMatcher(inBatch);
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { deps } = c.var;
    const token = checksInBatch(c) ? readAccessCookie(c) : undefined;
    const claims = token ? await verifyAccessToken(deps.config.authSecret, token, deps.now()) : null;
    if (claims) {
      let passed = false;
      c.set('actor', actorOf(c, claims.userId));
      c.set('sessionCheck', { statements: sessionCheckStatements(deps, claims, { admin }), passed: () => (passed = true) });
      await next();
      if (passed) return;
      const auth = await currentAuth(c);
      if (!auth) throw new ApiError('unauthenticated');
      if (!allow(auth)) throw new ApiError('forbidden');
      return;
    }
    const auth = await currentAuth(c);
    if (!auth) throw new ApiError('unauthenticated');
    if (!allow(auth)) throw new ApiError('forbidden');
    c.set('actor', actorOf(c, auth.user.id));
    await next();
  };
  return middleware as MiddlewareHandler<SignedInEnv>;
}

export const requireUser = (): MiddlewareHandler<SignedInEnv> => describedBy(requireSignedIn(false), { security: [{ session: [] }], responses: { 401: { $ref: '#/components/responses/Error' } } });

/** Every /api/admin route: a live session of a user with role admin (checked in the batch on the `inBatch` routes). */
export const requireAdmin = (inBatch: readonly SessionInBatchRoute[] = []): MiddlewareHandler<SignedInEnv> =>
  describedBy(
    requireSignedIn(true, inBatch),
    { security: [{ session: [] }], responses: { 401: { $ref: '#/components/responses/Error' }, 403: { $ref: '#/components/responses/Error' } } },
  );

/** Who is asking, for limits and the audit log; and the origin for e-mailed links, from configuration only. */
export function requestContext(c: Context<AppEnv>) {
  const { deps } = c.var;
  return {
    ip: deps.clientIp(c),
    userAgent: c.req.header('User-Agent'),
    origin: deps.config.publicOrigin,
  };
}
