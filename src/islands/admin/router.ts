/**
 * The admin app's routes (admin spec section 2) and a tiny history-API router: one island serves /dashboard and
 * every /admin/* path; links inside it change the screen without loading a page.
 */
import { useEffect, useState } from 'react';

export type AdminRoute =
  | { name: 'dashboard' }
  | { name: 'users' }
  | { name: 'bookings' }
  | { name: 'booking-new' }
  | { name: 'booking'; id: string }
  | { name: 'clients' }
  | { name: 'retreats' }
  | { name: 'retreat'; id: string }
  | { name: 'not-found' };

/** /admin on its own has no screen of its own: it opens the dashboard. */
export const ADMIN_HOME = '/dashboard';

/** "/admin/bookings/" and "/admin/index.html" as hosts may hand them over → "/admin/bookings", "/admin". */
export function normaliseAdminPath(pathname: string): string {
  const clean = pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '').replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}

const ID = '([A-Za-z0-9_-]{1,64})';
const TABLE: [RegExp, (m: RegExpExecArray) => AdminRoute][] = [
  [/^\/(dashboard|admin)$/, () => ({ name: 'dashboard' })],
  [/^\/admin\/users$/, () => ({ name: 'users' })],
  [/^\/admin\/bookings$/, () => ({ name: 'bookings' })],
  [/^\/admin\/bookings\/new$/, () => ({ name: 'booking-new' })],
  [new RegExp(`^/admin/bookings/${ID}$`), (m) => ({ name: 'booking', id: decodeURIComponent(m[1]!) })],
  [/^\/admin\/clients$/, () => ({ name: 'clients' })],
  [/^\/admin\/retreats$/, () => ({ name: 'retreats' })],
  [new RegExp(`^/admin/retreats/${ID}$`), (m) => ({ name: 'retreat', id: decodeURIComponent(m[1]!) })],
];

export function matchAdminRoute(pathname: string): AdminRoute {
  const path = normaliseAdminPath(pathname);
  for (const [pattern, make] of TABLE) {
    const m = pattern.exec(path);
    if (m) return make(m);
  }
  return { name: 'not-found' };
}

/** True for paths this island renders (so a click on a link to one can stay in the app). */
export function isAdminAppPath(pathname: string): boolean {
  const path = normaliseAdminPath(pathname);
  return path === '/dashboard' || path === '/admin' || path.startsWith('/admin/');
}

const listeners = new Set<() => void>();

/** Client-side navigation: pushes a history entry and tells the app. */
export function navigate(href: string, { replace = false } = {}): void {
  const url = new URL(href, location.href);
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

/** The current path, following pushState navigation and the back/forward buttons. */
export function usePathname(initial: string): string {
  const [pathname, setPathname] = useState(initial);
  useEffect(() => {
    const update = () => setPathname(location.pathname);
    update();
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return pathname;
}
