/**
 * The admin app routes on the client (DESIGN section 7): any path under /admin or /dashboard, ids included, is
 * answered with the app's shell page, with status 200, by both hosts. Returns the URL at which static assets serve
 * the shell (dist/admin/index.html is at /admin/ under Workers' trailing-slash rules), or null.
 */
export function appShellFor(pathname: string): '/admin/' | '/dashboard' | null {
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) return '/dashboard';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return '/admin/';
  return null;
}

/** Routes whose built page is an app shell: their header rule must also cover every path under them. */
export const APP_SHELL_ROUTES: readonly string[] = ['/admin', '/dashboard'];
