import { matchAdminPath } from '../../src/lib/admin/route-paths';

/**
 * The admin app routes on the client (DESIGN section 7): any path under /admin or /dashboard, ids included, is
 * answered with the app's shell page by both hosts: with status 200 when it is one of the app's paths, with 404 when
 * it is none (the shell then shows the app's own "not found" screen; issue 21). Returns the URL at which static
 * assets serve the shell (dist/admin/index.html is at /admin/ under Workers' trailing-slash rules), or null.
 */
export function appShellFor(pathname: string): { shell: '/admin/' | '/dashboard'; status: 200 | 404 } | null {
  const shell = pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? '/dashboard' : pathname === '/admin' || pathname.startsWith('/admin/') ? '/admin/' : null;
  if (!shell) return null;
  return { shell, status: matchAdminPath(pathname) ? 200 : 404 };
}

/** Routes whose built page is an app shell: their header rule must also cover every path under them. */
export const APP_SHELL_ROUTES: readonly string[] = ['/admin', '/dashboard'];
