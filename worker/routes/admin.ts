import { count } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { bookings, customers, retreats, users } from '../db/schema';
import { clearSessionCookies, currentAuth, requestContext, requireAdmin } from '../http/auth';
import { recordAudit } from '../services/audit';
import { signOut } from '../services/auth/sessions';

/** /api/admin: every route behind requireAdmin, which checks the live session row on each request. */
export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin())
  .get('/dashboard', async (c) => {
    const { db } = c.var.deps;
    const [[u], [cl], [b], [r]] = await db.batch([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(customers),
      db.select({ n: count() }).from(bookings),
      db.select({ n: count() }).from(retreats),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({ counts: { users: u?.n ?? 0, clients: cl?.n ?? 0, bookings: b?.n ?? 0, retreats: r?.n ?? 0 } });
  })
  // The admin app's inactivity sign-out (8 h without mouse, key, scroll or touch): logged, then the session ends.
  .post('/session-timeout', async (c) => {
    const auth = (await currentAuth(c))!;
    await recordAudit(c.var.deps, { userId: auth.user.id, action: 'session_timeout', severity: 'medium', resourceType: 'session', resourceId: auth.sessionId, ...requestContext(c) });
    await signOut(c.var.deps, { sessionId: auth.sessionId, userId: auth.user.id }, 'local');
    clearSessionCookies(c);
    return c.body(null, 204);
  });
