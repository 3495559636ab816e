/**
 * The transitions the edit dialog's status makes (the admin spec's free status select, within the lifecycle): confirm
 * (a request, or a waiting-list party when its places fit or the admin overrides the capacity) and unconfirm (a
 * confirmation made by mistake, back to a request that keeps its places). A cancellation has its own dialog, with its
 * refund and credit note (./cancellation.ts), and a cancelled booking is not reopened: both are refused here.
 */
import type { SQL } from 'drizzle-orm';
import { LIFECYCLE_MESSAGES, type Transition } from '../../../src/lib/booking-lifecycle';
import { tallinnDay } from '../../../src/lib/format';
import type { BookingStatus } from '../../../src/lib/enums';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { GUEST_NOTICES, guestNoticeInsert } from '../mail/guest-notices';
import { bookingSchedule } from '../money/schedule';
import { FITS_IN_RETREAT } from '../retreats/places';
import { detailStart } from './days';
import { requireTransition } from './lifecycle';
import { toDetail, type LoadedRow } from './record';
import { placesGiven, stateOf, storedState } from './states';

/** What a status change writes besides the edit's own fields, and what it must find to write. */
export interface StatusChange {
  transition: Transition;
  values: { status: BookingStatus; waitingList?: boolean; scheduleStartsAt?: string; offerExpiresAt?: null; offerTokenHash?: null };
  /** Checked inside the UPDATE (the places). */
  guard?: { condition: SQL; refusal: ApiError };
  /** The guest's e-mail, in the same batch. */
  notice?: ReturnType<typeof guestNoticeInsert>;
}

const statusRefusal = (message: string) => new ApiError('validation_failed', { details: [{ path: 'status', message }] });

/**
 * The transition an edit's status asks for, or null when the status stays. `priceCents` is what the booking is billed
 * as the edit leaves it (the guest's confirmation names what is due).
 */
export function statusChange(deps: Pick<AppDeps, 'db' | 'now'>, loaded: LoadedRow, to: BookingStatus, options: { overrideCapacity?: boolean; priceCents: number }): StatusChange | null {
  const from = stateOf(loaded.booking);
  if (loaded.booking.status === to) return null;
  if (to === 'cancelled') throw statusRefusal(LIFECYCLE_MESSAGES.cancelThroughDialog);
  if (from === 'cancelled') throw statusRefusal(LIFECYCLE_MESSAGES.reopenCancelled);
  if (to === 'pending') {
    requireTransition(from, 'unconfirm');
    return { transition: 'unconfirm', values: storedState('request') };
  }
  requireTransition(from, 'confirm');
  // The guest hears of the confirmation, with what is due as the edit leaves it.
  const today = tallinnDay(deps.now());
  const detail = toDetail(loaded, today);
  // A waiting party confirmed gets its places now: its schedule starts today (issue 38).
  const given = from === 'waiting' ? placesGiven(deps.now().toISOString()) : {};
  const schedule = bookingSchedule({ ...detail, ...given, status: 'confirmed', waitingList: false, owedCents: options.priceCents, startDate: detailStart(detail) }, today);
  const notice = guestNoticeInsert(deps, { id: detail.id, firstName: detail.guest?.firstName ?? null }, 'booking_confirmed', GUEST_NOTICES.confirmed({ id: detail.id, retreat: detail.retreat, schedule }));
  return {
    transition: 'confirm',
    // A waiting-list party that is confirmed has its places now: it leaves the waiting list (and its filter).
    values: { ...storedState('confirmed'), ...given },
    guard: options.overrideCapacity ? undefined : { condition: FITS_IN_RETREAT('"bookings"'), refusal: new ApiError('retreat_full') },
    notice,
  };
}
