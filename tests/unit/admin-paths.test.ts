// The admin app's paths have one home (src/lib/admin/route-paths.ts): the app gives each a screen, and the hosts
// answer any other path under /admin or /dashboard with 404 (issue 21). The two must not drift apart.
import { describe, expect, it } from 'vitest';
import { ADMIN_PATHS, matchAdminPath } from '../../src/lib/admin/route-paths';
import { ADMIN_ROUTES, matchAdminRoute } from '../../src/islands/admin/routes';
import { appShellFor } from '../../worker/http/app-shell';

describe('admin paths', () => {
  it('every path has exactly one screen, and every screen one path', () => {
    expect(ADMIN_ROUTES.map((r) => r.path)).toEqual([...ADMIN_PATHS]);
  });

  it('the app and the hosts agree on what is a page and what is a 404', () => {
    const cases: [string, string | null][] = [
      ['/admin', '/dashboard'],
      ['/admin/', '/dashboard'],
      ['/admin/bookings/new', '/admin/bookings/new'],
      ['/admin/bookings/42', '/admin/bookings/:id'],
      ['/admin/retreats/7/', '/admin/retreats/:id'],
      ['/admin/bank-statements', '/admin/bank-statements'],
      ['/admin/bank-statements/3', '/admin/bank-statements/:id'],
      ['/admin/whatever', null],
      ['/admin/retreats/7/edit', null],
      ['/dashboard/old', null],
    ];
    for (const [url, path] of cases) {
      expect(matchAdminPath(url)?.path ?? null, url).toBe(path);
      expect(matchAdminRoute(url).route?.path ?? null, url).toBe(path);
      expect(appShellFor(url)?.status, url).toBe(path ? 200 : 404);
    }
    expect(appShellFor('/administrator')).toBeNull();
  });
});
