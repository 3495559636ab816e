/**
 * Moving a booking to another edition (the transition `move`), and the editions it may go to (the move dialog's
 * choices). The edition rule is ../retreats/eligibility.ts's: not started, not cancelled, registration open unless
 * the organiser overrides it, and the whole party fits when it holds places there (checked again inside the write, so
 * two moves cannot overfill an edition). A waiting-list party moves as one and waits there.
 *
 * Its price stays the one it was made with (its snapshot); its schedule's days follow the new first day, and so must
 * its plan: a plan the new days do not allow is refused unless the move names one they do (the dialog asks).
 */
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { BookingDetail, MoveTarget } from '../../../src/lib/booking-record';
import { LIFECYCLE_MESSAGES } from '../../../src/lib/booking-lifecycle';
import { MOVE_MESSAGES } from '../../../src/lib/labels';
import { RETREAT_MESSAGES } from '../../../src/lib/retreat-messages';
import { tallinnDay } from '../../../src/lib/format';
import { PAYMENT_PLAN_LABELS, PAYMENT_PLANS, planOffered, type PaymentPlan } from '../../../src/lib/payment-plans';
import { bookings, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { auditIfChanged } from '../audit';
import { GUEST_NOTICES, guestNoticeInsert } from '../mail/guest-notices';
import { afterVersion, deriveMoney, scheduleFactsOf } from '../money/ledger';
import { bookedOnOf, bookingSchedule } from '../money/schedule';
import { EDITION_COLUMNS, editionFactsOf, editionRefusal, editionRefusalError, placesLeft, readEdition, type EditionFacts } from '../retreats/eligibility';
import { FITS_IN_RETREAT } from '../retreats/places';
import { detailStart } from './days';
import { bookingFor, MAY_SQL, refusedWrite } from './lifecycle';
import { advanceOnPlan } from './plan';
import { offerFreedPlaces } from './offers';
import { getBookingDetail } from './record';
import { TAKES_PLACE_SQL, takesPlace } from './states';

type Deps = Pick<AppDeps, 'db' | 'now'>;

export interface MoveInput {
  version: number;
  retreatId: number;
  /** The plan on the new days, when the booking's own is not offered there. */
  paymentPlan?: PaymentPlan | null;
  /** Past the edition's registration close: the organiser chose to. */
  overrideRegistration?: boolean;
}

/** People the party would hold places for there: none while it waits on the waiting list. */
const peopleHolding = (booking: BookingDetail) => (takesPlace(booking) ? 1 + booking.companions.length : 0);

const plansOn = (booking: BookingDetail, startDate: string | null) =>
  PAYMENT_PLANS.filter((plan) => planOffered(plan, { bookedOn: bookedOnOf(booking), startDate }));

/** The editions the booking may move to: not started, not cancelled, its whole party fits; soonest first. */
export async function moveTargets(deps: Deps, id: number): Promise<MoveTarget[]> {
  const booking = await getBookingDetail(deps, id);
  if (!booking.actions.includes('move')) return [];
  const today = tallinnDay(deps.now());
  const rows = await deps.db
    .select(EDITION_COLUMNS)
    .from(retreats)
    .where(and(isNull(retreats.cancelledAt), gt(retreats.startDate, today), booking.retreat ? ne(retreats.id, booking.retreat.id) : undefined))
    .orderBy(asc(retreats.startDate), asc(retreats.id))
    .limit(100);
  const people = peopleHolding(booking);
  return rows
    .map(editionFactsOf)
    .filter((e) => editionRefusal(e, { today, people, overrideRegistration: true }) === null)
    .map((e) => {
      const plans = plansOn(booking, e.startDate);
      return {
        id: e.id,
        name: e.name,
        startDate: e.startDate,
        endDate: e.endDate,
        placesLeft: placesLeft(e),
        registrationClosed: editionRefusal(e, { today, people }) === 'registration_closed',
        plans,
        keepsPlan: plans.includes(booking.paymentPlan ?? 'advance'),
      };
    });
}

/** The plan and advance the booking has on the target's days, or the refusal under `paymentPlan`. */
function planOnTarget(booking: BookingDetail, target: EditionFacts, asked: PaymentPlan | null | undefined) {
  const plans = plansOn(booking, target.startDate);
  const plan = asked ?? booking.paymentPlan;
  if (!plans.includes(plan ?? 'advance')) {
    throw new ApiError('validation_failed', { details: [{ path: 'paymentPlan', message: LIFECYCLE_MESSAGES.planNotOffered(PAYMENT_PLAN_LABELS[plan ?? 'advance']) }] });
  }
  if (plan === booking.paymentPlan) return { paymentPlan: plan, advanceCents: booking.advanceCents };
  return { paymentPlan: plan, advanceCents: advanceOnPlan(booking, plan) };
}

export async function moveBooking(deps: Deps & Pick<AppDeps, 'config'>, id: number, input: MoveInput, actor: Actor): Promise<BookingDetail> {
  const booking = await bookingFor(deps, id, input.version, 'move');
  if (booking.retreat?.id === input.retreatId) throw new ApiError('validation_failed', { details: [{ path: 'retreatId', message: MOVE_MESSAGES.sameRetreat }] });
  const target = await readEdition(deps, input.retreatId);
  if (!target) throw new ApiError('validation_failed', { details: [{ path: 'retreatId', message: RETREAT_MESSAGES.notFound }] });
  const people = peopleHolding(booking);
  const today = tallinnDay(deps.now());
  const refusal = editionRefusal(target, { today, people, overrideRegistration: input.overrideRegistration });
  if (refusal) throw editionRefusalError(refusal, target, people);
  const plan = planOnTarget(booking, target, input.paymentPlan);
  const startDate = target.startDate ?? detailStart(booking);
  const schedule = bookingSchedule({ ...booking, ...plan, owedCents: booking.totals.priceCents, startDate }, today);
  const [result] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ retreatId: target.id, retreatEdition: target.edition, ...plan, version: sql`${bookings.version} + 1`, updatedAt: deps.now().toISOString() })
      // Checked in the UPDATE: the places others hold on the target plus this party, unless it holds none.
      .where(and(eq(bookings.id, id), eq(bookings.version, input.version), MAY_SQL('"bookings"', 'move'), sql`(NOT ${TAKES_PLACE_SQL('"bookings"')} OR ${FITS_IN_RETREAT('"bookings"', sql`${target.id}`)})`)),
    auditIfChanged(deps, {
      actor,
      action: 'booking.move',
      severity: 'medium',
      resourceType: 'booking',
      resourceId: String(id),
      metadata: {
        from: booking.retreat ? { id: booking.retreat.id, name: booking.retreat.name } : null,
        to: { id: target.id, name: target.name },
        people: 1 + booking.companions.length,
        ...(plan.paymentPlan !== booking.paymentPlan ? { paymentPlan: { from: booking.paymentPlan, to: plan.paymentPlan } } : {}),
        ...(input.overrideRegistration && refusal === null && editionRefusal(target, { today, people }) === 'registration_closed' ? { overrideRegistration: true } : {}),
      },
    }),
    guestNoticeInsert(deps, { id, firstName: booking.guest?.firstName ?? null }, 'booking_moved', GUEST_NOTICES.moved({ id, schedule }, target)),
    // The payment status and the deposit follow the new days and plan (a part may now be overdue, or no longer).
    deriveMoney(deps, id, scheduleFactsOf({ ...booking, ...plan, startDate }), afterVersion(input.version)),
  ]);
  if (result.rowsAffected === 0) {
    throw await refusedWrite(deps, id, input.version, async () => editionRefusalError('full', (await readEdition(deps, target.id)) ?? target, people));
  }
  // The places it left are free: the old edition's waiting list moves (issue 38).
  await offerFreedPlaces(deps, booking.retreat?.id);
  return getBookingDetail(deps, id);
}
