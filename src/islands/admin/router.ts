/**
 * A small history-API router for the admin island: one page serves /dashboard, /email-test and every /admin/* path,
 * and links inside it change the screen without loading a page. The screens themselves are listed in routes.ts.
 */
import { createContext, useContext, useEffect, useState } from 'react';

export interface AppLocation {
  pathname: string;
  search: string;
}

/** "/admin/bookings/" and "/admin/index.html" as hosts may hand them over → "/admin/bookings", "/admin". */
export function normaliseAdminPath(pathname: string): string {
  const clean = pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '').replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}

const listeners = new Set<() => void>();

/** Client-side navigation: pushes (or replaces) a history entry and tells the app. */
export function navigate(href: string, { replace = false } = {}): void {
  const url = new URL(href, location.href);
  if (url.pathname + url.search + url.hash === location.pathname + location.search + location.hash) return;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

/** The current path and query, following navigate() and the back/forward buttons. */
export function useAppLocation(initialPath: string): AppLocation {
  const [current, setCurrent] = useState<AppLocation>({ pathname: initialPath, search: '' });
  useEffect(() => {
    const update = () =>
      setCurrent((previous) =>
        previous.pathname === location.pathname && previous.search === location.search
          ? previous
          : { pathname: location.pathname, search: location.search },
      );
    update();
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return current;
}

export const LocationContext = createContext<AppLocation>({ pathname: '/', search: '' });

/** The admin app's current location, for screens that keep their state in the URL. */
export function useLocation(): AppLocation {
  return useContext(LocationContext);
}
