/**
 * Auth context for React islands (visitor spec section 4 "Auth session", issue 5): loading until the first session
 * result, then user and session; isAdmin comes with the session (false when signed out or unknown).
 *
 * - Loads GET /api/auth/session (rotating once when only the refresh cookie is left); a network failure or 5xx is
 *   retried with backoff 200 ms × 2^n for up to 30 s, then counts as signed out.
 * - Refreshes ~90 s before the access token's `expiresAt` (and at once when a sleeping tab wakes up late).
 * - Keeps tabs in step over BroadcastChannel('auth'): sign-out in one tab signs out the others, sign-in elsewhere
 *   makes this tab re-read the session.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  SessionUnavailableError,
  announce,
  loadSession,
  localExpiry,
  onAuthMessage,
  refreshSession,
  signOut as apiSignOut,
  type Session,
  type SessionUser,
} from '../../lib/auth/session-client';

export const REFRESH_BEFORE_EXPIRY_MS = 90_000;
export const RETRY_BASE_MS = 200;
export const RETRY_WINDOW_MS = 30_000;
const MIN_REFRESH_GAP_MS = 5_000;

export interface AuthContextValue {
  user: SessionUser | null;
  session: Session | null;
  isAdmin: boolean;
  loading: boolean;
  /** Signs out everywhere (global scope), tells the other tabs, then goes to /auth (spec: "Sign-out navigates to /auth"). */
  signOut: (options?: { redirectTo?: string | null; scope?: 'global' | 'local' }) => Promise<void>;
  /** For screens that sign the user in themselves (sign-in, confirmation, reset): set the session they got. */
  setSession: (session: Session | null) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it answers, retrying unavailability with exponential backoff inside the window. */
async function withRetry<T>(attempt: () => Promise<T>, isCancelled: () => boolean): Promise<T> {
  const started = Date.now();
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const delay = RETRY_BASE_MS * 2 ** n;
      if (!(err instanceof SessionUnavailableError) || isCancelled() || Date.now() - started + delay > RETRY_WINDOW_MS) throw err;
      await sleep(delay);
    }
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSessionState] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const sessionRef = useRef<Session | null>(null);
  const generation = useRef(0);

  const setSession = useCallback((next: Session | null) => {
    generation.current++;
    sessionRef.current = next;
    setSessionState(next);
    setLoading(false);
  }, []);

  /** Loads (or refreshes) the session; a newer setSession while this was in flight wins. */
  const sync = useCallback(
    async (how: 'load' | 'refresh') => {
      const mine = ++generation.current;
      const stale = () => generation.current !== mine;
      let next: Session | null;
      try {
        next = await withRetry(() => (how === 'load' ? loadSession() : refreshSession(REFRESH_BEFORE_EXPIRY_MS)), stale);
      } catch {
        next = null;
      }
      if (stale()) return;
      sessionRef.current = next;
      setSessionState(next);
      setLoading(false);
    },
    [],
  );

  // First load, and the other tabs' news.
  useEffect(() => {
    void sync('load');
    const unsubscribe = onAuthMessage((message) => {
      if (message.type === 'signed-out') setSession(null);
      else void sync('load');
    });
    // A page restored from the back/forward cache may be showing a session that ended meanwhile.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void sync('load');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      unsubscribe();
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [sync, setSession]);

  // Refresh ~90 s before expiry; timers sleep with a hidden tab, so waking up checks again.
  useEffect(() => {
    if (!session) return;
    const dueIn = () => localExpiry(session) - REFRESH_BEFORE_EXPIRY_MS - Date.now();
    // At least a few seconds apart, so a server that keeps answering short-lived tokens cannot cause a busy loop.
    const timer = setTimeout(() => void sync('refresh'), Math.max(MIN_REFRESH_GAP_MS, dueIn()));
    const onVisible = () => {
      if (document.visibilityState === 'visible' && dueIn() <= 0) void sync('refresh');
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, sync]);

  const signOut = useCallback<AuthContextValue['signOut']>(
    async ({ redirectTo = '/auth', scope = 'global' } = {}) => {
      await apiSignOut(scope);
      setSession(null);
      if (redirectTo) location.assign(redirectTo);
    },
    [setSession],
  );

  const publicSetSession = useCallback(
    (next: Session | null) => {
      setSession(next);
      announce(next ? { type: 'signed-in' } : { type: 'signed-out' });
    },
    [setSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      isAdmin: session?.isAdmin === true,
      loading,
      signOut,
      setSession: publicSetSession,
    }),
    [session, loading, signOut, publicSetSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an <AuthProvider> around it');
  return value;
}
