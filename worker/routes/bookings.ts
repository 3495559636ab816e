import { Hono } from 'hono';
import { bookingRequestSchema } from '../../src/lib/booking/schema';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { validJson } from '../http/validate';
import { submitBooking } from '../domain/bookings/submission';
import { currentAuth } from '../http/auth';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** POST /api/bookings: the public booking form (visitor spec sections 4 and 7, DESIGN section 4). */
// The per-IP limit counts booking attempts inside the booking's own write (one commit per booking, not two), so a
// malformed or replayed request, which writes nothing, is not counted; those cost no database write anyway.
export const bookingRoutes = new Hono<AppEnv>().post(
  '/',
  validJson(bookingRequestSchema),
  async (c) => {
    const booking = c.req.valid('json');
    if (booking.website) throw new ApiError('spam_rejected');
    const idempotencyKey = c.req.header('Idempotency-Key');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw new ApiError('invalid_idempotency_key');

    const { deps } = c.var;
    const rateLimit = { kind: 'booking_submit', key: deps.clientIp(c) ?? 'unknown', limit: deps.config.limits.bookings } as const;
    // A signed-in visitor's booking is theirs (the guest portal lists it), whatever address they typed.
    const auth = await currentAuth(c);
    const result = await submitBooking(deps, booking, { idempotencyKey, rateLimit, userId: auth?.user.id });
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ bookingId: result.bookingId, email: result.email, waitingList: result.waitingList }, 201);
  },
);
