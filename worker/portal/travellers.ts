/**
 * The guest's own travel details (issue "Guest portal"): saving one person's details on a booking they own.
 */
import { and, eq } from 'drizzle-orm';
import { tallinnDay } from '../../src/lib/format';
import type { TravellerView } from '../../src/lib/portal';
import { HEALTH_FIELDS, isTravelDetailsComplete, type TravelDetails } from '../../src/lib/travel-details';
import { travelDetailsSchema } from '../../src/lib/travel-details-schema';
import { bookingTravellers } from '../db/schema';
import type { Actor } from '../domain/actor';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { toFieldIssues } from '../http/validate';
import { auditIfChanged } from '../domain/audit';
import { bookingOpen, retreatOf } from '../domain/bookings/days';
import { travellerViews } from '../domain/travellers/views';
import { ownedBooking } from '../domain/bookings/ownership';
import { travellerNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/**
 * Saves one person's details (what is given replaces what was there; empty clears). 404 for another user's booking
 * or a position nobody has; 409 once the booking is cancelled or the retreat is over. The audit record names the
 * fields that changed, never their values.
 */
export async function saveTravellerDetails(
  deps: Deps,
  actor: Actor,
  bookingId: number,
  position: number,
  input: unknown,
): Promise<TravellerView> {
  const booking = await ownedBooking(deps, actor.userId, bookingId);
  const people = 1 + (booking.companions?.length ?? 0);
  if (position >= people) throw travellerNotFound();
  const today = tallinnDay(deps.now());
  const { endDate } = retreatOf(booking);
  if (!bookingOpen(booking, endDate, today)) throw new ApiError('booking_closed');
  const parsed = travelDetailsSchema(today).safeParse(input);
  if (!parsed.success) throw new ApiError('validation_failed', { details: toFieldIssues(parsed.error.issues) });
  const details: TravelDetails = parsed.data;
  const [before] = await deps.db
    .select()
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.position, position)));
  const changed = (Object.keys(details) as (keyof TravelDetails)[]).filter((field) => (before?.[field] ?? null) !== details[field]);
  const stamp = deps.now().toISOString();
  const values = { ...details, complete: isTravelDetailsComplete(details), updatedBy: actor.userId, updatedAt: stamp };
  const hasHealth = HEALTH_FIELDS.some((f) => details[f] !== null);
  const [, , saved] = await deps.db.batch([
    deps.db
      .insert(bookingTravellers)
      // New health data after an erasure is data again: the erased mark goes with it.
      .values({ bookingId, position, ...values, healthErasedAt: null })
      .onConflictDoUpdate({
        target: [bookingTravellers.bookingId, bookingTravellers.position],
        set: { ...values, ...(hasHealth ? { healthErasedAt: null } : {}) },
      }),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'travellers.update',
      severity: 'low',
      resourceType: 'booking',
      resourceId: String(bookingId),
      metadata: { position, fields: changed },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
    deps.db.select().from(bookingTravellers).where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.position, position))),
  ]);
  return travellerViews(booking, saved, endDate, { withHealth: true })[position]!;
}
