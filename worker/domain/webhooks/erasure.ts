/**
 * A person's erasure (worker/portal/account.ts) reaches the webhook log too: the events about their bookings carry
 * their names and addresses, so those events and their deliveries go (sent or not), in the erasure's own batch.
 * An event names its booking as `id` (a booking event), `booking.id` (a payment) or `bookingId` (an invoice).
 */
import { inArray, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';

export function forgetBookingEvents({ db }: Pick<AppDeps, 'db'>, bookingIds: number[]) {
  const about = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      sql`coalesce(json_extract(${webhookEvents.data}, '$.booking.id'), json_extract(${webhookEvents.data}, '$.bookingId'), CASE WHEN ${webhookEvents.type} LIKE 'booking.%' THEN json_extract(${webhookEvents.data}, '$.id') END) IN (SELECT value FROM json_each(${JSON.stringify(bookingIds)}))`,
    );
  return [
    db.delete(webhookDeliveries).where(inArray(webhookDeliveries.eventId, about)),
    db.delete(webhookEvents).where(inArray(webhookEvents.id, about)),
  ] as const;
}
