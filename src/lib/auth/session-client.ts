/**
 * The browser's side of the session API (docs/api/auth.md), free of React so the account menu on content pages can
 * use it too (src/scripts/account-menu.ts, ≤ 3 KB gz). Tokens live in HttpOnly cookies: nothing here ever sees one.
 *
 * Tabs talk over the channel named in ./browser-signals.ts (announce, onAuthMessage). Refresh tokens rotate and a
 * reused old one revokes the whole session family, so two tabs must never refresh at once: rotation runs under a Web
 * Lock and re-reads the session first (another tab may have just done it).
 */
import type { SessionBody } from '../auth-schemas';
import { AUTH_CHANNEL, type AuthMessage } from './browser-signals';

/**
 * A session as the API answers it, plus `localExpiresAt`: the access token's expiry on this device's clock (the
 * server's `expiresAt` shifted by the skew the response's Date header shows), so a clock that is off by minutes
 * cannot make the refresh schedule fire too late or in a loop.
 */
export type Session = SessionBody & { localExpiresAt?: number };
export type SessionUser = SessionBody['user'];

/** A network failure or a 5xx: worth retrying. A 401 is an answer ("not signed in"), not an error. */
export class SessionUnavailableError extends Error {}

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, {
      method,
      headers: JSON_HEADERS,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      // A rotation the server made must reach the cookie jar even when the page navigates away meanwhile: a refresh
      // cut off there would leave the old token, whose next use counts as reuse and ends the session.
      keepalive: path === 'refresh',
    });
  } catch {
    throw new SessionUnavailableError('network');
  }
  if (response.status >= 500) throw new SessionUnavailableError(String(response.status));
  return response;
}

const isSession = (value: unknown): value is Session =>
  !!value && typeof value === 'object' && !!(value as Session).user && typeof (value as Session).user.email === 'string';

/** The expiry on this device's clock (see Session). */
export const localExpiry = (session: Session): number => session.localExpiresAt ?? Date.parse(session.expiresAt);

function withLocalExpiry(session: Session, response: Response): Session {
  const serverNow = Date.parse(response.headers.get('Date') ?? '');
  const expires = Date.parse(session.expiresAt);
  return Number.isNaN(serverNow) || Number.isNaN(expires) ? session : { ...session, localExpiresAt: Date.now() + expires - serverNow };
}

/** GET /api/auth/session as it answers. */
export async function readSession(): Promise<{ session: Session | null; refreshable: boolean }> {
  const response = await call('GET', 'session');
  const body = (await response.json().catch(() => null)) as (Partial<Session> & { refreshable?: boolean }) | null;
  if (!response.ok || !body) return { session: null, refreshable: false };
  return isSession(body) ? { session: withLocalExpiry(body, response), refreshable: false } : { session: null, refreshable: body.refreshable === true };
}

/** Runs `work` while holding the cross-tab refresh lock (Web Locks; browsers without them run it directly). */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? (locks.request('auth-refresh', work) as Promise<T>) : work();
}

/**
 * A fresh session: re-reads it under the lock and rotates the refresh token only when still needed, i.e. when the
 * access token is gone or expires within `minValidMs`. Null when the session is over (401 session_expired).
 */
export function refreshSession(minValidMs = 0): Promise<Session | null> {
  return withRefreshLock(async () => {
    const current = await readSession();
    if (current.session && localExpiry(current.session) - Date.now() > minValidMs) return current.session;
    if (!current.session && !current.refreshable) return null;
    const response = await call('POST', 'refresh');
    const body: unknown = await response.json().catch(() => null);
    return response.ok && isSession(body) ? withLocalExpiry(body, response) : null;
  });
}

/** The session to start a page with: GET, and when only the refresh cookie is left, one rotation. */
export async function loadSession(): Promise<Session | null> {
  const first = await readSession();
  if (first.session || !first.refreshable) return first.session;
  return refreshSession();
}

/** Tells the other tabs (and other scripts of this page: each BroadcastChannel object hears the others). */
export function announce(message: AuthMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Listens to the other tabs; returns the unsubscribe function. */
export function onAuthMessage(listener: (message: AuthMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.onmessage = (event: MessageEvent<AuthMessage>) => listener(event.data);
  return () => channel.close();
}

/**
 * Signs out (global scope by default, as the spec's account menu does) and tells the other tabs. The answer is not
 * checked: like the original, 401/403/404 mean "already signed out", and the cookies are gone either way.
 */
export async function signOut(scope: 'global' | 'local' = 'global'): Promise<void> {
  await call('POST', 'signout', { scope }).catch(() => undefined);
  announce({ type: 'signed-out' });
}

/** "Eesnimi Perekonnanimi", else the e-mail address. */
export function displayName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}
