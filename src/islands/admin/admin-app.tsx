/**
 * The admin app: one React island for /dashboard, /email-test and every /admin/* path, with client-side routes from
 * routes.ts. The hosts serve this shell for any path under /admin. The interface is Estonian (admin spec section 1);
 * the spec's English strings (the guard's, the 404 heading) keep their own `lang`.
 *
 * Providers, outermost first: the server-state cache (TanStack Query), the session (auth-context), React Aria's
 * locale (et-EE: its calendars, date fields and built-in labels) and router (its links navigate inside the app).
 */
import '../forms/zod-csp';
import { QueryClientProvider } from '@tanstack/react-query';
import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { AuthProvider } from '../auth/auth-context';
import { Toaster } from '../toast';
import { createAdminQueryClient } from './api/query-client';
import { Guard, IDLE_CHECK_MS, IDLE_TIMEOUT_MS } from './guard';
import { NotFound } from './not-found';
import { ADMIN_HOME, NAV_SECTIONS, matchAdminRoute, type NavSection } from './routes';
import { LocationContext, navigate, normaliseAdminPath, useAppLocation } from './router';
import { AppLink } from './shell';
import { FailureBox, LoadingState } from './ui/status';

interface AdminAppProps {
  /** The path the page was built for (the server render cannot see the address bar). */
  initialPath: string;
  idleTimeoutMs?: number;
  idleCheckMs?: number;
}

export default function AdminApp({ initialPath, idleTimeoutMs = IDLE_TIMEOUT_MS, idleCheckMs = IDLE_CHECK_MS }: AdminAppProps) {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <I18nProvider locale="et-EE">
          <RouterProvider navigate={(href) => navigate(href)}>
            <div className="mx-auto max-w-7xl px-4 pt-28 pb-16 sm:px-6 lg:px-8" data-admin-app>
              <AdminRoutes initialPath={initialPath} idleTimeoutMs={idleTimeoutMs} idleCheckMs={idleCheckMs} />
            </div>
          </RouterProvider>
        </I18nProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}

function AdminRoutes({ initialPath, idleTimeoutMs, idleCheckMs }: Required<AdminAppProps>) {
  const location = useAppLocation(initialPath);
  const { route, params } = matchAdminRoute(location.pathname);
  const previousPath = useRef<string | null>(null);
  const titleSuffix = useRef<string | null>(null);

  // The screen's chunk loads beside the session check, not after the guard lets the screen render.
  useEffect(() => {
    void route?.screen.preload();
  }, [route]);

  // /admin on its own opens the dashboard.
  useEffect(() => {
    if (normaliseAdminPath(window.location.pathname) === '/admin') navigate(ADMIN_HOME, { replace: true });
  }, [location.pathname]);

  // After an in-app navigation (not a query change) the page title follows and the page starts at the top; the new
  // screen's heading takes the focus when it mounts (ScreenHeading).
  useEffect(() => {
    titleSuffix.current ??= document.title.includes(' | ') ? document.title.slice(document.title.indexOf(' | ')) : '';
    document.title = `${route?.title ?? 'Lehte ei leitud'}${titleSuffix.current}`;
    if (previousPath.current !== null && previousPath.current !== location.pathname) window.scrollTo(0, 0);
    previousPath.current = location.pathname;
  }, [location.pathname, route]);

  // An unknown path is a plain 404, for everybody.
  if (!route) return <NotFound />;
  const Screen = route.screen;

  return (
    <LocationContext.Provider value={location}>
      <Guard idleTimeoutMs={idleTimeoutMs} idleCheckMs={idleCheckMs}>
        <AdminNav current={route.section} />
        <div className="mt-8">
          <ScreenBoundary key={route.path}>
            <Suspense fallback={<LoadingState />}>
              <Screen params={params} />
            </Suspense>
          </ScreenBoundary>
        </div>
      </Guard>
    </LocationContext.Provider>
  );
}

function AdminNav({ current }: { current?: NavSection }) {
  return (
    // The tabs wrap below 1280 px: every section stays in sight (a sideways-scrolling bar hid three on a phone; ten tabs
    // in one row need about 1 150 px).
    <nav aria-label="Haldus">
      <ul role="list" className="inline-flex flex-wrap gap-1 rounded-2xl bg-white p-1 shadow-sm ring-1 ring-sand-200 xl:flex-nowrap xl:rounded-full">
        {NAV_SECTIONS.map((item) => (
          <li key={item.href}>
            <AppLink href={item.href} current={item.section === current} className="admin-tab">
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A screen that fails to load (a chunk lost after a deploy) or to render says so instead of blanking the app. */
class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Admin screen failed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    // A plain button: a reload needs none of React Aria's press handling, and importing its Button here would put it
    // in every admin page's first load (issue 40: the shell's budget), not only in the screens that use it.
    return (
      <FailureBox text="Vaate avamine ebaõnnestus." detail="Palun laadige leht uuesti.">
        <button type="button" className="btn-outline mt-3 cursor-pointer" onClick={() => location.reload()}>
          Proovi uuesti
        </button>
      </FailureBox>
    );
  }
}
