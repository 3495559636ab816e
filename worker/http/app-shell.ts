/**
 * The admin app routes on the client (DESIGN section 7): any path under /admin or /dashboard, ids included, is
 * answered with the app's shell page, with status 200, by both hosts. Returns the shell's own path, or null.
 */
export function appShellFor(pathname: string): '/admin' | '/dashboard' | null {
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) return '/dashboard';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return '/admin';
  return null;
}
