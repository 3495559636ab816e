/**
 * The admin app (admin spec sections 2 and 6; DESIGN section 7): one React island for /dashboard and every
 * /admin/* path, with its own client-side routes. The hosts serve this shell for any path under /admin.
 *
 * Guard, exactly as the spec has it: while the session loads, a spinner with "Loading..."; not signed in → /auth
 * (replacing the history entry, with `next` so sign-in comes back here); signed in but not admin → "Access Denied" /
 * "You need admin privileges to access this page". Sign-out in another tab lands here as "not signed in".
 *
 * Idle sign-out (DESIGN section 5): after 8 hours without mouse, key, scroll or touch activity (checked every
 * 5 minutes) the app reports the timeout (POST /api/admin/session-timeout, which ends the session server-side and
 * logs it), clears the cookies and goes to /auth. Both durations are props so a page or a test can shorten them.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Toaster } from '../toast';
import { AuthProvider, useAuth } from '../auth/auth-context';
import Dashboard from './Dashboard';
import { ADMIN_HOME, matchAdminRoute, navigate, normaliseAdminPath, usePathname, type AdminRoute } from './router';
import { AppLink, SCREEN_HEADING_ID, ScreenHeading, Spinner } from './shell';

export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const IDLE_CHECK_MS = 5 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'touchstart'] as const;

interface AdminAppProps {
  /** The path the page was built for (the server render cannot see the address bar). */
  initialPath: string;
  idleTimeoutMs?: number;
  idleCheckMs?: number;
}

export default function AdminApp({ initialPath, idleTimeoutMs = IDLE_TIMEOUT_MS, idleCheckMs = IDLE_CHECK_MS }: AdminAppProps) {
  return (
    <AuthProvider>
      <div lang="en" className="mx-auto max-w-7xl px-4 pt-28 pb-16 sm:px-6 lg:px-8" data-admin-app>
        <AdminRoutes initialPath={initialPath} idleTimeoutMs={idleTimeoutMs} idleCheckMs={idleCheckMs} />
      </div>
      <Toaster />
    </AuthProvider>
  );
}

const TITLES: Record<AdminRoute['name'], string> = {
  dashboard: 'Admin Dashboard',
  users: 'Users',
  bookings: 'Bookings',
  'booking-new': 'New Booking',
  booking: 'Booking',
  clients: 'Clients',
  retreats: 'Retreats',
  retreat: 'Retreat',
  'not-found': 'Page not found',
};

function AdminRoutes({ initialPath, idleTimeoutMs, idleCheckMs }: Required<AdminAppProps>) {
  const pathname = usePathname(initialPath);
  const route = matchAdminRoute(pathname);
  const previousPath = useRef<string | null>(null);
  const titleSuffix = useRef<string | null>(null);

  // /admin on its own opens the dashboard.
  useEffect(() => {
    if (normaliseAdminPath(location.pathname) === '/admin') navigate(ADMIN_HOME, { replace: true });
  }, [pathname]);

  // After an in-app navigation: the page title follows, and focus goes to the new screen's heading.
  useEffect(() => {
    titleSuffix.current ??= document.title.includes(' | ') ? document.title.slice(document.title.indexOf(' | ')) : '';
    document.title = `${TITLES[route.name]}${titleSuffix.current}`;
    if (previousPath.current !== null && previousPath.current !== pathname) {
      document.getElementById(SCREEN_HEADING_ID)?.focus();
      window.scrollTo(0, 0);
    }
    previousPath.current = pathname;
  }, [pathname, route.name]);

  // An unknown path is a plain 404, for everybody.
  if (route.name === 'not-found') return <NotFound />;

  return (
    <Guard idleTimeoutMs={idleTimeoutMs} idleCheckMs={idleCheckMs}>
      <AdminNav route={route} />
      <div className="mt-8">
        <Screen route={route} />
      </div>
    </Guard>
  );
}

function Screen({ route }: { route: AdminRoute }) {
  if (route.name === 'dashboard') return <Dashboard />;
  // The other screens come with a later issue.
  return (
    <>
      <ScreenHeading title={TITLES[route.name]} />
      <p lang="et" className="mt-6 rounded-2xl bg-sand-100 p-6 text-ink-600" data-placeholder>
        Tulekul
      </p>
    </>
  );
}

const SECTIONS: { href: string; label: string; matches: AdminRoute['name'][] }[] = [
  { href: '/dashboard', label: 'Dashboard', matches: ['dashboard'] },
  { href: '/admin/bookings', label: 'Bookings', matches: ['bookings', 'booking', 'booking-new'] },
  { href: '/admin/clients', label: 'Clients', matches: ['clients'] },
  { href: '/admin/users', label: 'Users', matches: ['users'] },
  { href: '/admin/retreats', label: 'Retreats', matches: ['retreats', 'retreat'] },
];

function AdminNav({ route }: { route: AdminRoute }) {
  return (
    <nav aria-label="Admin" className="overflow-x-auto">
      <ul role="list" className="flex gap-1 rounded-full bg-white p-1 shadow-sm ring-1 ring-sand-200 sm:inline-flex">
        {SECTIONS.map((section) => (
          <li key={section.href}>
            <AppLink href={section.href} current={section.matches.includes(route.name)} className="admin-tab">
              {section.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Guard({ children, idleTimeoutMs, idleCheckMs }: { children: ReactNode; idleTimeoutMs: number; idleCheckMs: number }) {
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
      <h1 id={SCREEN_HEADING_ID} tabIndex={-1} className="text-3xl text-lagoon-900 focus:outline-none sm:text-4xl">
        Access Denied
      </h1>
      <p className="mt-4 text-ink-600">You need admin privileges to access this page</p>
      <p className="mt-8">
        <a href="/" className="btn-secondary">
          Go to Home
        </a>
      </p>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-not-found>
      <p className="font-display text-7xl text-lagoon-700" aria-hidden="true">
        404
      </p>
      <h1 id={SCREEN_HEADING_ID} tabIndex={-1} className="mt-4 text-3xl text-lagoon-900 focus:outline-none sm:text-4xl">
        Oops! Page not found
      </h1>
      <p lang="et" className="mt-4 text-ink-600">
        Otsitud lehte ei ole olemas või on see teisaldatud.
      </p>
      <p className="mt-8">
        <a href="/" lang="et" className="btn-primary px-7 text-base">
          Tagasi avalehele
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
