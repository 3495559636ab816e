/**
 * Changing a booking's payment plan (the transition `changePlan`, audited). The amount stays what the booking is
 * billed; the parts and their days follow the plan on the day the booking was made, and the money fields (the
 * deposit, the status) are derived again on them. A plan its days no longer allow is refused under its field.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BookingDetail } from '../../../src/lib/booking-record';
import { BOOKING_MESSAGES } from '../../../src/lib/booking/form-options';
import { planOffered, type PaymentPlan } from '../../../src/lib/payment-plans';
import { ADVANCE_CENTS } from '../../../src/lib/payment-rules';
import { bookings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { auditIfChanged } from '../audit';
import { afterVersion, deriveMoney, scheduleFactsOf } from '../money/ledger';
import { bookedOnOf } from '../money/schedule';
import { detailStart } from './days';
import { bookingFor, MAY_SQL, refusedWrite } from './lifecycle';
import { getBookingDetail } from './record';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** The advance a booking asks on a plan it changes to: its own, else the advance per person; none off the advance plan. */
export const advanceOnPlan = (booking: Pick<BookingDetail, 'advanceCents' | 'companions'>, plan: PaymentPlan | null): number | null =>
  plan === 'advance' ? (booking.advanceCents ?? ADVANCE_CENTS * (1 + booking.companions.length)) : null;

export async function changePlan(deps: Deps, id: number, input: { version: number; paymentPlan: PaymentPlan }, actor: Actor): Promise<BookingDetail> {
  const booking = await bookingFor(deps, id, input.version, 'changePlan');
  const days = { bookedOn: bookedOnOf(booking), startDate: detailStart(booking) };
  if (!planOffered(input.paymentPlan, days)) throw new ApiError('validation_failed', { details: [{ path: 'paymentPlan', message: BOOKING_MESSAGES.paymentPlanNotOffered }] });
  const advanceCents = advanceOnPlan(booking, input.paymentPlan);
  const [result] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ paymentPlan: input.paymentPlan, advanceCents, version: sql`${bookings.version} + 1`, updatedAt: deps.now().toISOString() })
      .where(and(eq(bookings.id, id), eq(bookings.version, input.version), MAY_SQL('"bookings"', 'changePlan'))),
    auditIfChanged(deps, {
      actor,
      action: 'booking.plan',
      severity: 'medium',
      resourceType: 'booking',
      resourceId: String(id),
      metadata: { changes: { paymentPlan: { from: booking.paymentPlan, to: input.paymentPlan }, advanceCents: { from: booking.advanceCents, to: advanceCents } } },
    }),
    deriveMoney(deps, id, scheduleFactsOf({ ...booking, startDate: days.startDate, paymentPlan: input.paymentPlan, advanceCents }), afterVersion(input.version)),
  ]);
  if (result.rowsAffected === 0) throw await refusedWrite(deps, id, input.version, () => new ApiError('booking_changed'));
  return getBookingDetail(deps, id);
}
