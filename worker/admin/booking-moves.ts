/**
 * What an organiser does with a booking between editions (issue "Sell"): moves it to another retreat (the places
 * checked inside the write, so two moves cannot overfill it), gives a waiting-list party its place once the whole
 * party fits, and changes its payment plan. Each is one batch with its audit record and, where the guest should
 * know, the e-mail to them; a stale version is 409, as for every booking edit.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BookingDetail } from '../../src/lib/admin/booking-views';
import { MOVE_MESSAGES, type MoveBooking, type PlanChange } from '../../src/lib/admin/bookings';
import { RETREAT_MESSAGES } from '../../src/lib/admin/retreats';
import { BOOKING_MESSAGES } from '../../src/lib/booking/form-options';
import { tallinnDay } from '../../src/lib/format';
import { planOffered } from '../../src/lib/payment-plans';
import { ADVANCE_CENTS } from '../../src/lib/payment-rules';
import { bookings, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { auditIfChanged } from '../domain/audit';
import { detailStart } from '../domain/bookings/days';
import { bookedOnOf, bookingSchedule } from '../domain/money/schedule';
import { deriveFromLedger, scheduleFactsOf } from '../domain/money/ledger';
import { bookingNotFound, getBookingDetail } from '../domain/bookings/record';
import { GUEST_NOTICES, guestNoticeInsert } from '../domain/mail/guest-notices';
import { FITS_IN_RETREAT, HOLDS_PLACES, PEOPLE_OF_BOOKING, placesLeftFor, placesTaken } from '../domain/retreats/places';
import type { AuditAction } from '../../src/lib/enums';

type Deps = Pick<AppDeps, 'db' | 'now'>;

const stale = () => new ApiError('booking_changed');

async function current(deps: Deps, id: number, version: number): Promise<BookingDetail> {
  const booking = await getBookingDetail(deps, id);
  if (booking.version !== version) throw stale();
  if (booking.status === 'cancelled') throw new ApiError('validation_failed', { details: [{ path: 'status', message: MOVE_MESSAGES.cancelled }] });
  return booking;
}

const audit = (deps: Deps, actor: Actor, action: AuditAction, id: number, metadata: Record<string, unknown>) =>
  auditIfChanged(deps, { userId: actor.userId, action, severity: 'medium', resourceType: 'booking', resourceId: String(id), metadata, ip: actor.ip, userAgent: actor.userAgent });

/** Refusal naming the places the target has for this booking. */
async function fullRefusal(deps: Deps, retreatId: number, needed: number): Promise<ApiError> {
  const [row] = await deps.db.select({ capacity: retreats.capacity, taken: placesTaken(sql`${retreats.id}`) }).from(retreats).where(eq(retreats.id, retreatId));
  const left = Math.max(0, Number(row?.capacity ?? 0) - Number(row?.taken ?? 0));
  return new ApiError('retreat_full', { message: RETREAT_MESSAGES.placesLeft(left, needed) });
}

/**
 * Moves a booking to another retreat. One that holds places (confirmed, or a request not on the waiting list) must
 * fit there, its whole party; a waiting-list request moves as one and waits there. Its price stays the one it was
 * made with (its snapshot); its schedule's days follow the new first day.
 */
export async function moveBooking(deps: Deps, id: number, input: MoveBooking, actor: Actor): Promise<BookingDetail> {
  const booking = await current(deps, id, input.version);
  if (booking.retreat?.id === input.retreatId) throw new ApiError('validation_failed', { details: [{ path: 'retreatId', message: MOVE_MESSAGES.sameRetreat }] });
  const [target] = await deps.db
    .select({ id: retreats.id, name: retreats.name, edition: retreats.edition, startDate: retreats.startDate, endDate: retreats.endDate, capacity: retreats.capacity, cancelledAt: retreats.cancelledAt })
    .from(retreats)
    .where(eq(retreats.id, input.retreatId));
  if (!target) throw new ApiError('validation_failed', { details: [{ path: 'retreatId', message: RETREAT_MESSAGES.notFound }] });
  if (target.cancelledAt) throw new ApiError('validation_failed', { details: [{ path: 'retreatId', message: RETREAT_MESSAGES.cancelledEdition }] });
  const people = 1 + booking.companions.length;
  const today = tallinnDay(deps.now());
  const schedule = bookingSchedule({ ...booking, owedCents: booking.totals.billedCents, startDate: target.startDate ?? detailStart(booking) }, today);
  // Checked in the UPDATE: the places others hold on the target plus this party, unless it holds none.
  const fits = sql`(NOT ${HOLDS_PLACES('"bookings"')} OR ${target.capacity === null ? sql`1` : sql`${placesTaken(sql`${target.id}`)} + ${PEOPLE_OF_BOOKING('"bookings"')} <= ${target.capacity}`})`;
  const [result] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ retreatId: target.id, retreatEdition: target.edition, version: sql`${bookings.version} + 1`, updatedAt: deps.now().toISOString() })
      .where(and(eq(bookings.id, id), eq(bookings.version, input.version), fits)),
    audit(deps, actor, 'booking.move', id, { from: booking.retreat ? { id: booking.retreat.id, name: booking.retreat.name } : null, to: { id: target.id, name: target.name }, people }),
    guestNoticeInsert(deps, { id, firstName: booking.guest?.firstName ?? null }, 'booking_moved', GUEST_NOTICES.moved({ id, schedule }, target)),
    // The payment status follows the new days (a part may now be overdue, or no longer).
    deriveFromLedger(deps, id, scheduleFactsOf({ ...booking, startDate: target.startDate ?? detailStart(booking) })),
  ]);
  if (result.rowsAffected === 0) {
    const [now] = await deps.db.select({ version: bookings.version }).from(bookings).where(eq(bookings.id, id));
    if (!now) throw bookingNotFound();
    if (now.version !== input.version) throw stale();
    throw await fullRefusal(deps, target.id, people);
  }
  return getBookingDetail(deps, id);
}

/**
 * Gives a waiting-list request its place: only when its whole party fits in the places left (the places rule, in
 * the UPDATE), never part of it. The guest is told, with what is due.
 */
export async function promoteBooking(deps: Deps, id: number, input: { version: number }, actor: Actor): Promise<BookingDetail> {
  const booking = await current(deps, id, input.version);
  if (!booking.waitingList) throw new ApiError('validation_failed', { details: [{ path: 'waitingList', message: MOVE_MESSAGES.notWaiting }] });
  const [result] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ waitingList: false, version: sql`${bookings.version} + 1`, updatedAt: deps.now().toISOString() })
      .where(and(eq(bookings.id, id), eq(bookings.version, input.version), eq(bookings.waitingList, true), FITS_IN_RETREAT('"bookings"'))),
    audit(deps, actor, 'booking.promote', id, { retreatId: booking.retreat?.id ?? null, people: 1 + booking.companions.length }),
    guestNoticeInsert(deps, { id, firstName: booking.guest?.firstName ?? null }, 'place_offered', GUEST_NOTICES.placeOffered(booking)),
  ]);
  if (result.rowsAffected === 0) {
    const [now] = await deps.db.select({ version: bookings.version }).from(bookings).where(eq(bookings.id, id));
    if (!now) throw bookingNotFound();
    if (now.version !== input.version) throw stale();
    const places = await placesLeftFor(deps, id);
    throw new ApiError('retreat_full', places ? { message: RETREAT_MESSAGES.placesLeft(places.left, places.needed) } : {});
  }
  return getBookingDetail(deps, id);
}

/**
 * Changes the booking's payment plan (audited). The amount stays what the booking is billed; the parts and their
 * days follow the plan on the day the booking was made. A plan its days no longer allow is refused under its field.
 */
export async function changePlan(deps: Deps, id: number, input: PlanChange, actor: Actor): Promise<BookingDetail> {
  const booking = await current(deps, id, input.version);
  const days = { bookedOn: bookedOnOf(booking.createdAt), startDate: detailStart(booking) };
  if (!planOffered(input.paymentPlan, days)) throw new ApiError('validation_failed', { details: [{ path: 'paymentPlan', message: BOOKING_MESSAGES.paymentPlanNotOffered }] });
  const people = 1 + booking.companions.length;
  const advanceCents = input.paymentPlan === 'advance' ? (booking.advanceCents ?? ADVANCE_CENTS * people) : null;
  const [result] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ paymentPlan: input.paymentPlan, advanceCents, version: sql`${bookings.version} + 1`, updatedAt: deps.now().toISOString() })
      .where(and(eq(bookings.id, id), eq(bookings.version, input.version))),
    audit(deps, actor, 'booking.plan', id, { changes: { paymentPlan: { from: booking.paymentPlan, to: input.paymentPlan }, advanceCents: { from: booking.advanceCents, to: advanceCents } } }),
    deriveFromLedger(deps, id, scheduleFactsOf({ ...booking, startDate: days.startDate, paymentPlan: input.paymentPlan, advanceCents })),
  ]);
  if (result.rowsAffected === 0) throw stale();
  return getBookingDetail(deps, id);
}
