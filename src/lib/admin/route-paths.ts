/**
 * The admin app's paths, without React: the app's route table (src/islands/admin/routes.ts) gives each a screen, and
 * the hosts (worker/http/app-shell.ts) answer a path under /admin or /dashboard that is none of them with 404 (issue
 * 21), still with the app's shell, which shows its own "not found" screen.
 */

/** "/admin/bookings/:id": a `:name` segment matches one path segment. The first match wins ("new" before ":id"). */
export const ADMIN_PATHS = [
  '/dashboard',
  '/admin/bookings',
  '/admin/bookings/new',
  '/admin/bookings/:id',
  '/admin/bank-statements',
  '/admin/bank-statements/:id',
  '/admin/invoices',
  '/admin/invoices/:id',
  '/admin/clients',
  '/admin/sonumid',
  '/admin/users',
  '/admin/retreats',
  '/admin/retreats/:id',
  '/admin/discount-codes',
  '/admin/gift-vouchers',
  '/admin/gift-vouchers/:id',
  '/admin/liidesed',
  '/admin/liidesed/:id',
  '/admin/audit',
  '/email-test',
] as const;
export type AdminPath = (typeof ADMIN_PATHS)[number];

/** /admin on its own has no screen: it opens the dashboard. */
export const ADMIN_HOME: AdminPath = '/dashboard';

/** "/admin/bookings/" and "/admin/index.html" as hosts may hand them over → "/admin/bookings", "/admin". */
export function normaliseAdminPath(pathname: string): string {
  const clean = pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '').replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}

const SEGMENT = '([A-Za-z0-9_-]{1,64})';
const compiled = ADMIN_PATHS.map((path) => {
  const names: string[] = [];
  const source = path.replace(/:([a-z]+)/gi, (_, name: string) => {
    names.push(name);
    return SEGMENT;
  });
  return { path, names, pattern: new RegExp(`^${source}$`) };
});

/** The admin path a URL path opens, with its `:name` values; null when it opens none (the app's 404). */
export function matchAdminPath(pathname: string): { path: AdminPath; params: Record<string, string> } | null {
  const normal = normaliseAdminPath(pathname);
  const wanted = normal === '/admin' ? ADMIN_HOME : normal;
  for (const { path, names, pattern } of compiled) {
    const m = pattern.exec(wanted);
    if (m) return { path, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(m[i + 1]!)])) };
  }
  return null;
}
