import { Hono, type MiddlewareHandler } from 'hono';
import { bookingRequestSchema, bookingRequestSchemaFor, EDITION_KEY } from '../../src/lib/booking/schema';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { toFieldIssues, validJson } from '../http/validate';
import { submitBooking } from '../domain/bookings/submission';
import { currentAuth } from '../http/auth';
import { editionForBooking } from '../domain/retreats/availability';

/** The schema with the age rule counted on one first day; a handful of editions on sale, so a handful of schemas. */
const schemas = new Map<string, ReturnType<typeof bookingRequestSchemaFor>>();
function schemaFor(startDate: string) {
  let schema = schemas.get(startDate);
  if (!schema) {
    if (schemas.size > 50) schemas.clear();
    schema = bookingRequestSchemaFor(() => startDate);
    schemas.set(startDate, schema);
  }
  return schema;
}

/**
 * The age rule needs the edition's first day: when the body names an edition on sale, the body is checked with the
 * rule counted on it before the structural validator, so one answer names every problem, the age included (Hono
 * keeps the parsed body, so it is read once).
 */
const ageOnFirstDay: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw: unknown = await c.req.json().catch(() => null);
  const key = typeof raw === 'object' && raw !== null ? (raw as { retreatMonth?: unknown }).retreatMonth : undefined;
  const edition = typeof key === 'string' && EDITION_KEY.test(key) ? await editionForBooking(c.var.deps, key) : undefined;
  if (edition) {
    const result = schemaFor(edition.startDate).safeParse(raw);
    if (!result.success) throw new ApiError('validation_failed', { details: toFieldIssues(result.error.issues) });
    c.set('edition', edition);
  }
  await next();
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** POST /api/bookings: the public booking form (visitor spec sections 4 and 7, DESIGN section 4). */
// The per-IP limit counts booking attempts inside the booking's own write (one commit per booking, not two), so a
// malformed or replayed request, which writes nothing, is not counted; those cost no database write anyway.
export const bookingRoutes = new Hono<AppEnv>().post(
  '/',
  ageOnFirstDay,
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
    const result = await submitBooking(deps, booking, { idempotencyKey, rateLimit, userId: auth?.user.id, edition: c.get('edition'), ip: deps.clientIp(c), userAgent: c.req.header('User-Agent') });
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ bookingId: result.bookingId, email: result.email, waitingList: result.waitingList }, 201);
  },
);
