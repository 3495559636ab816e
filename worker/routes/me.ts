/** /api/me: the signed-in guest's own bookings (the guest portal). Signed-in only; another user's ids answer 404. */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { currentAuth, requireUser } from '../http/auth';
import { parseBookingId } from '../services/admin/bookings';
import { myBooking, myBookings } from '../services/portal';

export const meRoutes = new Hono<AppEnv>()
  .use('*', requireUser())
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/bookings', async (c) => c.json({ items: await myBookings(c.var.deps, (await currentAuth(c))!.user.id) }))
  .get('/bookings/:id', async (c) => c.json({ booking: await myBooking(c.var.deps, (await currentAuth(c))!.user.id, parseBookingId(c.req.param('id'))) }));
