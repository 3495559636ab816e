import { Hono } from 'hono';
import { bookingRequestSchema } from '../../src/lib/booking/schema';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { perIpLimit } from '../http/public-form-guard';
import { validJson } from '../http/validate';
import { submitBooking } from '../services/booking-submission';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** POST /api/bookings: the public booking form (visitor spec sections 4 and 7, DESIGN section 4). */
export const bookingRoutes = new Hono<AppEnv>().post(
  '/',
  perIpLimit('booking_submit', (limits) => limits.bookings),
  validJson(bookingRequestSchema),
  async (c) => {
    const booking = c.req.valid('json');
    if (booking.website) throw new ApiError('spam_rejected');
    const idempotencyKey = c.req.header('Idempotency-Key');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw new ApiError('invalid_idempotency_key');

    const result = await submitBooking(c.var.deps, booking, { idempotencyKey });
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ bookingId: result.bookingId, email: result.email }, 201);
  },
);
