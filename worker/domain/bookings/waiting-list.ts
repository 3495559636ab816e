/**
 * The waiting list's two transitions. Promote: a waiting-list party gets its places, only when the whole party fits
 * in the places left (the places rule, in the UPDATE), never part of it; the guest is told, with what is due now.
 * Put on the waiting list: a request gives up its places (another party may take them) and waits; not once money or
 * an invoice is on it (it would owe nothing, with money in the books: cancel it instead). Each is one batch with its
 * audit record, the guest's e-mail and the money fields derived again; a stale version is 409.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BookingDetail } from '../../../src/lib/booking-record';
import type { ScheduleItem } from '../../../src/lib/payment-schedule';
import { LIFECYCLE_MESSAGES, type Transition } from '../../../src/lib/booking-lifecycle';
import { tallinnDay } from '../../../src/lib/format';
import type { AuditAction } from '../../../src/lib/enums';
import { bookings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { auditIfChanged } from '../audit';
import { GUEST_NOTICES, guestNoticeInsert, type GuestNoticeKind, type Notice } from '../mail/guest-notices';
import { IN_THE_BOOKS_SQL } from '../money/balance';
import { afterVersion, deriveMoney, scheduleFactsOf } from '../money/ledger';
import { bookingSchedule } from '../money/schedule';
import { FITS_IN_RETREAT, retreatFullFor } from '../retreats/places';
import { detailStart } from './days';
import { bookingFor, MAY_SQL, refusedWrite, requireTransition } from './lifecycle';
import { getBookingDetail } from './record';
import { placesGiven, storedState } from './states';

type Deps = Pick<AppDeps, 'db' | 'now'>;

interface Move {
  booking: BookingDetail;
  version: number;
  transition: Transition;
  to: 'request' | 'waiting';
  guard?: ReturnType<typeof sql>;
  action: AuditAction;
  notice: { kind: GuestNoticeKind; notice: Notice };
  /** null: the guest by the offer's signed link (no account); the audit record keeps the address and browser. */
  actor: Actor | null;
  via?: { ip?: string; userAgent?: string };
}

/** What a waiting party would owe, part by part, once given its places now: its plan counted from today (issue 38). */
export function scheduleOnceGiven(deps: Pick<AppDeps, 'now'>, booking: BookingDetail): ScheduleItem[] {
  const given = { ...booking, ...placesGiven(deps.now().toISOString()), waitingList: false, owedCents: booking.totals.priceCents, startDate: detailStart(booking) };
  return bookingSchedule(given, tallinnDay(deps.now()));
}

async function moveOnList(deps: Deps, m: Move): Promise<number> {
  const id = m.booking.id;
  const stamp = deps.now().toISOString();
  // Given its places, a waiting party starts its schedule now and spends its offer (issue 38).
  // Put on the list by the organiser's hand, a party is not offered its places back by itself (./offers.ts).
  const given = m.to === 'request' ? placesGiven(stamp) : { offersStoppedAt: stamp };
  const facts = scheduleFactsOf({ ...m.booking, ...given, startDate: detailStart(m.booking) });
  const [result] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ ...storedState(m.to), ...given, version: sql`${bookings.version} + 1`, updatedAt: stamp })
      .where(and(eq(bookings.id, id), eq(bookings.version, m.version), MAY_SQL('"bookings"', m.transition), m.guard)),
    auditIfChanged(deps, {
      actor: m.actor,
      userId: null,
      ...m.via,
      action: m.action,
      severity: 'medium',
      resourceType: 'booking',
      resourceId: String(id),
      metadata: { retreatId: m.booking.retreat?.id ?? null, people: 1 + m.booking.companions.length },
    }),
    guestNoticeInsert(deps, { id, firstName: m.booking.guest?.firstName ?? null }, m.notice.kind, m.notice.notice),
    // A waiting-list party owes nothing; with its places it owes its schedule again (and the other way round).
    deriveMoney(deps, id, facts, afterVersion(m.version)),
  ]);
  return result.rowsAffected;
}

export async function promoteBooking(deps: Deps, id: number, input: { version: number }, actor: Actor): Promise<BookingDetail> {
  const booking = await bookingFor(deps, id, input.version, 'promote');
  const schedule = scheduleOnceGiven(deps, booking);
  const written = await moveOnList(deps, {
    booking,
    version: input.version,
    transition: 'promote',
    to: 'request',
    guard: FITS_IN_RETREAT('"bookings"'),
    action: 'booking.promote',
    notice: { kind: 'place_offered', notice: GUEST_NOTICES.placeOffered({ ...booking, schedule }) },
    actor,
  });
  if (written === 0) {
    throw await refusedWrite(deps, id, input.version, () => retreatFullFor(deps, id));
  }
  return getBookingDetail(deps, id);
}

const withMoney = () => new ApiError('transition_refused', { message: LIFECYCLE_MESSAGES.waitingWithMoney });

export async function putOnWaitingList(deps: Deps, id: number, input: { version: number }, actor: Actor): Promise<BookingDetail> {
  const booking = await bookingFor(deps, id, input.version, 'putOnWaitingList');
  const written = await moveOnList(deps, {
    booking,
    version: input.version,
    transition: 'putOnWaitingList',
    to: 'waiting',
    guard: sql`NOT ${IN_THE_BOOKS_SQL('"bookings"')}`,
    action: 'booking.waiting_list',
    notice: { kind: 'put_on_waiting_list', notice: GUEST_NOTICES.putOnWaitingList(booking) },
    actor,
  });
  if (written === 0) throw await refusedWrite(deps, id, input.version, withMoney);
  return getBookingDetail(deps, id);
}

/**
 * The guest takes the places a waiting-list offer holds for them (issue 38), by the offer's signed link or in the
 * portal: while the offer is open (checked again inside the UPDATE, with the places), the party gets its places, its
 * schedule starts today, and the guest is told what is due. `offerId` is the offer as the guest saw it (its expiry),
 * so a lapsed and renewed offer is not taken by an old page.
 */
export async function acceptOffer(deps: Deps, booking: BookingDetail, actor: Actor | null, via: { ip?: string; userAgent?: string }): Promise<BookingDetail> {
  // A booking that is not waiting has no offer to take: its state's refusal, not "the offer lapsed".
  requireTransition(booking.state, 'acceptOffer');
  const expiresAt = booking.offer?.expiresAt;
  if (!expiresAt || expiresAt <= deps.now().toISOString()) throw new ApiError('offer_expired');
  const schedule = scheduleOnceGiven(deps, booking);
  const written = await moveOnList(deps, {
    booking,
    version: booking.version,
    transition: 'acceptOffer',
    to: 'request',
    guard: sql`${bookings.offerExpiresAt} = ${expiresAt} AND ${bookings.offerExpiresAt} > ${deps.now().toISOString()} AND ${FITS_IN_RETREAT('"bookings"')}`,
    action: 'booking.offer_accepted',
    notice: { kind: 'place_offered', notice: GUEST_NOTICES.offerAccepted({ ...booking, schedule }) },
    actor,
    via,
  });
  if (written === 0) throw await refusedWrite(deps, booking.id, booking.version, () => new ApiError('offer_expired'));
  return getBookingDetail(deps, booking.id);
}

