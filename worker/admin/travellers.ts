/**
 * A booking's travel details for the admin (issue "Guest portal"): each person's details and completeness without
 * health information, which is read only on request and audited on every read (a special category under GDPR).
 */
import { eq } from 'drizzle-orm';
import { bookingNotFound } from '../domain/not-found';
import type { AdminTravellerHealth, AdminTravellers } from '../../src/lib/admin/booking-views';
import { HEALTH_FIELDS, travelDetailsDueOn } from '../../src/lib/travel-details';
import { bookings, bookingTravellers, guests, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { BOOKING_PEOPLE_COLUMNS, retreatOf } from '../domain/bookings/days';
import { travellerViews } from '../domain/travellers/views';
import type { Actor } from '../domain/actor';
import { healthReadAudit } from '../domain/audit';


export async function bookingTravellersForAdmin({ db }: Pick<AppDeps, 'db'>, bookingId: number): Promise<AdminTravellers> {
  const [[booking], rows] = await db.batch([
    db
      .select(BOOKING_PEOPLE_COLUMNS)
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(eq(bookings.id, bookingId)),
    db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId)),
  ]);
  if (!booking) throw bookingNotFound();
  const { startDate, endDate } = retreatOf(booking);
  const byPosition = new Map(rows.map((r) => [r.position, r]));
  const people = travellerViews(booking, rows, endDate, { withHealth: false }).map((view) => {
    const row = byPosition.get(view.position);
    return { ...view, hasHealthInfo: HEALTH_FIELDS.some((f) => row?.[f] != null) };
  });
  return { people, complete: people.filter((p) => p.complete).length, total: people.length, dueOn: travelDetailsDueOn(startDate) };
}

/** Health information of a booking's people; the read and its audit record (medium) go in one batch. */
export async function bookingTravellerHealthForAdmin(deps: Pick<AppDeps, 'db' | 'now'>, bookingId: number, actor: Actor): Promise<AdminTravellerHealth> {
  const [people, audited] = await deps.db.batch([
    deps.db
      .select({
        position: bookingTravellers.position,
        healthConditions: bookingTravellers.healthConditions,
        healthMedications: bookingTravellers.healthMedications,
        healthAllergies: bookingTravellers.healthAllergies,
        healthErasedAt: bookingTravellers.healthErasedAt,
      })
      .from(bookingTravellers)
      .where(eq(bookingTravellers.bookingId, bookingId))
      .orderBy(bookingTravellers.position),
    healthReadAudit(deps, actor, 'travellers.health_read', bookingId),
  ]);
  if (audited.rowsAffected === 0) throw bookingNotFound();
  return { people };
}
