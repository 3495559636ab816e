/**
 * Deleting a booking (the transition `delete`): only one that is not in the books. A booking with a payment, an
 * invoice or an online order is kept (Raamatupidamise seadus § 12): it is cancelled instead, and the refusal says so.
 */
import { and, eq, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { auditIfChanged } from '../audit';
import { IN_THE_BOOKS_SQL } from '../money/balance';
import { requireTransition } from './lifecycle';
import { loadRow } from './record';
import { offerFreedPlaces } from './offers';
import { bookingNotFound } from '../not-found';
import { stateOf } from './states';

export async function deleteBooking(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, id: number, actor: Actor): Promise<void> {
  const { booking: before } = await loadRow(deps, id);
  requireTransition(stateOf(before), 'delete');
  const { db } = deps;
  const [result] = await db.batch([
    db.delete(bookings).where(and(eq(bookings.id, id), sql`NOT ${IN_THE_BOOKS_SQL('"bookings"')}`)),
    auditIfChanged(deps, {
      actor,
      action: 'booking.delete',
      severity: 'medium',
      resourceType: 'booking',
      resourceId: String(id),
      // What was deleted, minus the idempotency internals.
      metadata: { deleted: { ...before, idempotencyKey: undefined, idempotencyRequestHash: undefined } },
    }),
  ]);
  if (result.rowsAffected === 0) {
    const [still] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
    throw still ? new ApiError('booking_has_money') : bookingNotFound();
  }
  // Its places are free (issue 38).
  await offerFreedPlaces(deps, before.retreatId);
}
