/**
 * A small history-API router for the admin island: one page serves /dashboard, /email-test and every /admin/* path,
 * and links inside it change the screen without loading a page. The screens themselves are listed in routes.ts.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { normaliseAdminPath } from '../../lib/admin/route-paths';

export { normaliseAdminPath };

export interface AppLocation {
  pathname: string;
  search: string;
}


const listeners = new Set<() => void>();
let headingFocusRequested = false;

/**
 * After a navigation to another screen its heading takes the focus, so screen readers announce the new screen. The
 * screen may still be loading (each is its own chunk), so the heading asks for it when it mounts.
 */
export function takeHeadingFocusRequest(): boolean {
  const requested = headingFocusRequested;
  headingFocusRequested = false;
  return requested;
}

/** Client-side navigation: pushes (or replaces) a history entry and tells the app. */
export function navigate(href: string, { replace = false } = {}): void {
  const url = new URL(href, location.href);
  if (url.pathname + url.search + url.hash === location.pathname + location.search + location.hash) return;
  // Filters, sorting and paging change the query only: focus stays where the user is working.
  if (normaliseAdminPath(url.pathname) !== normaliseAdminPath(location.pathname)) headingFocusRequested = true;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

/** The current path and query, following navigate() and the back/forward buttons. */
export function useAppLocation(initialPath: string): AppLocation {
  const [current, setCurrent] = useState<AppLocation>({ pathname: initialPath, search: '' });
  useEffect(() => {
    let shownPath = normaliseAdminPath(location.pathname);
    const update = () =>
      setCurrent((previous) =>
        previous.pathname === location.pathname && previous.search === location.search
          ? previous
          : { pathname: location.pathname, search: location.search },
      );
    // Back and forward to another screen move the focus like a link does.
    const onPopState = () => {
      if (normaliseAdminPath(location.pathname) !== shownPath) headingFocusRequested = true;
      shownPath = normaliseAdminPath(location.pathname);
      update();
    };
    const onNavigate = () => {
      shownPath = normaliseAdminPath(location.pathname);
      update();
    };
    update();
    listeners.add(onNavigate);
    window.addEventListener('popstate', onPopState);
    return () => {
      listeners.delete(onNavigate);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
  return current;
}

export const LocationContext = createContext<AppLocation>({ pathname: '/', search: '' });

/** The admin app's current location, for screens that keep their state in the URL. */
export function useLocation(): AppLocation {
  return useContext(LocationContext);
}
