/**
 * A booking's lifecycle (DESIGN: one lifecycle): the states and which of them allow which transition are
 * src/lib/booking-lifecycle.ts's table, shared with the screens; here the API refuses what the table does not allow,
 * before anything is written and again inside the statement that writes (a state changed in between is refused
 * there). Each transition is one function, in this folder:
 *
 * - request: ./submission.ts (a visitor's request; on the waiting list when its edition has no places for the party)
 * - an admin's booking: worker/admin/bookings.ts's createAdminBooking (confirmed at once)
 * - confirm, unconfirm: ./status.ts (the edit dialog's status)
 * - put on / take off (promote) the waiting list: ./waiting-list.ts
 * - move: ./move.ts, with the edition rule of ../retreats/eligibility.ts
 * - change plan: ./plan.ts; reprice (total, services, companions' prices): ./edits.ts
 * - cancel (the admin's, settling the guest's request from the portal): ./cancellation.ts; cancel with the edition:
 *   ../retreats/edition-cancellation.ts, from the same statements
 * - delete, while nothing of it is in the books: ./deletion.ts
 *
 * Money moves only through ../money/ledger.ts.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { BookingDetail } from '../../../src/lib/booking-record';
import { mayTransition, refusalMessage, TRANSITIONS, type BookingState, type Transition } from '../../../src/lib/booking-lifecycle';
import { bookings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { bookingNotFound } from '../not-found';
import { getBookingDetail } from './record';
import { IN_STATES_SQL } from './states';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** Refuses a transition the state does not allow: 409 with the Estonian reason; nothing is written. */
export function requireTransition(state: BookingState, transition: Transition): void {
  if (mayTransition(state, transition)) return;
  if (state === 'cancelled' && (transition === 'cancel' || transition === 'requestCancellation')) throw new ApiError('already_cancelled');
  throw new ApiError('transition_refused', { message: refusalMessage(transition, state) });
}

/** The same rule inside the statement that writes: the bookings row `alias` is in a state the transition starts from. */
export const MAY_SQL = (alias: string, transition: Transition): SQL => IN_STATES_SQL(alias, TRANSITIONS[transition]);

/** The booking at the version the admin saw, in a state the transition starts from. */
export async function bookingFor(deps: Deps, id: number, version: number, transition: Transition): Promise<BookingDetail> {
  const booking = await getBookingDetail(deps, id);
  if (booking.version !== version) throw new ApiError('booking_changed');
  requireTransition(booking.state, transition);
  return booking;
}

/** Why a guarded write of a booking wrote nothing: gone (404), changed (409), or the guard's own refusal. */
export async function refusedWrite(deps: Deps, id: number, version: number, refusal: () => Promise<ApiError> | ApiError): Promise<ApiError> {
  const [now] = await deps.db.select({ version: bookings.version }).from(bookings).where(eq(bookings.id, id));
  if (!now) return bookingNotFound();
  if (now.version !== version) return new ApiError('booking_changed');
  return refusal();
}
