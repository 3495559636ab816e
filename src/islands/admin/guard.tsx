/**
 * The admin guard, exactly as the spec has it (its texts stay English, as the spec gives them): while the session
 * loads, a spinner with "Laadimine..."; not signed in → /auth (replacing the history entry, with `next` so sign-in
 * comes back here); signed in but not admin → "Access Denied". Sign-out in another tab lands here as "not signed in".
 *
 * Idle sign-out: after 8 hours without mouse, key, scroll or touch activity (checked every 5 minutes) the app
 * reports the timeout (POST /api/admin/session-timeout, which ends the session server-side and logs it), clears the
 * cookies and goes to /auth. Both durations are props so a page or a test can shorten them.
 */
import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../auth/auth-context';
import { SCREEN_HEADING_ID, Spinner } from './shell';

export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const IDLE_CHECK_MS = 5 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'touchstart'] as const;

export function Guard({ children, idleTimeoutMs, idleCheckMs }: { children: ReactNode; idleTimeoutMs: number; idleCheckMs: number }) {
  const { user, isAdmin, loading } = useAuth();

  useEffect(() => {
    if (loading || user) return;
    location.replace(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`);
  }, [loading, user]);

  if (loading || !user) return <Spinner />;
  if (!isAdmin) return <AccessDenied />;
  return (
    <>
      <IdleSignOut timeoutMs={idleTimeoutMs} checkMs={idleCheckMs} />
      {children}
    </>
  );
}

function AccessDenied() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-access-denied>
      {/* The spec's two English strings, word for word; the screen, like the whole admin app, is Estonian. */}
      <h1 id={SCREEN_HEADING_ID} tabIndex={-1} className="text-3xl text-lagoon-900 focus:outline-none sm:text-4xl">
        Access Denied
      </h1>
      <p className="mt-4 text-ink-600">
        You need admin privileges to access this page
      </p>
      <p className="mt-8">
        <a href="/" className="btn-secondary">
          Avalehele
        </a>
      </p>
    </div>
  );
}

/** Signs out after `timeoutMs` without activity; checks every `checkMs`. */
function IdleSignOut({ timeoutMs, checkMs }: { timeoutMs: number; checkMs: number }) {
  const { signOut } = useAuth();

  useEffect(() => {
    let lastActivity = Date.now();
    let fired = false;
    const markActive = () => {
      lastActivity = Date.now();
    };
    // Capturing on document also sees scrolling inside elements (scroll events do not bubble).
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, markActive, { capture: true, passive: true });
    const timer = setInterval(() => {
      if (fired || Date.now() - lastActivity < timeoutMs) return;
      fired = true;
      clearInterval(timer);
      void (async () => {
        // Logged server-side as a session-timeout event (severity medium); the session ends there.
        await fetch('/api/admin/session-timeout', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' }).catch(() => undefined);
        // Then the cookies go, this tab and the others learn of it, and the page goes to /auth.
        await signOut({ scope: 'local' });
      })();
    }, checkMs);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, markActive, { capture: true });
    };
  }, [timeoutMs, checkMs, signOut]);

  return null;
}
