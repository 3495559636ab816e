/**
 * The admin-made booking's price, one home for the screen (which shows it) and the API (which recomputes it and never
 * trusts a total sent to it). For an edition with a price (issue "Sell") it is the edition's price on a payment plan,
 * as a visitor's request is priced (src/lib/payment-plans); otherwise, for the stays the spec's screen makes, nights ×
 * the nightly rate of the accommodation type (admin spec section 9).
 */
import { DAY_MS } from '../format';
import { planOffered, quote, type PaymentPlan, type PricedRoomType, type Quote } from '../payment-plans';
import { NIGHTLY_RATE_CENTS, type AdminRoomType } from './room-rates';

export { ADMIN_PAYMENT_STATUSES, ADMIN_ROOM_TYPES, NIGHTLY_RATE_CENTS, type AdminPaymentStatus, type AdminRoomType } from './room-rates';

/** Whole days between two dates (ISO days or timestamps), rounded up; 0 or less when check-out is not later. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const from = Date.parse(checkIn.length === 10 ? `${checkIn}T00:00:00Z` : checkIn);
  const to = Date.parse(checkOut.length === 10 ? `${checkOut}T00:00:00Z` : checkOut);
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.ceil((to - from) / DAY_MS);
}

/** Nights and total in cents, or null when the dates do not make a stay. */
export function accommodationTotal(roomType: AdminRoomType, checkIn: string, checkOut: string): { nights: number; totalCents: number } | null {
  const nights = nightsBetween(checkIn, checkOut);
  if (nights <= 0) return null;
  return { nights, totalCents: nights * NIGHTLY_RATE_CENTS[roomType] };
}

/** The booking form's room types for an admin's accommodation type: a double room is shared by its two guests. */
export const PRICED_ROOM_OF: Record<AdminRoomType, PricedRoomType> = { single: 'single-room', shared: 'shared-room', double: 'shared-room' };

/** What of a retreat prices an admin-made booking: an edition has its first day and a price. */
export interface PricedRetreat {
  startDate: string | null;
  priceCents: number | null;
  basePriceCents: number | null;
  singleRoomSupplementCents?: number;
  sharedRoomSupplementCents?: number;
}

export type AdminBookingPrice =
  | { kind: 'edition'; quote: Quote; offered: PaymentPlan[] }
  | { kind: 'stay'; nights: number; totalCents: number };

/**
 * The price of an admin-made booking for one guest: on an edition with a price, its quote on `plan` (the advance
 * plan unless another is chosen; the full payment when nothing else is offered on `today`); otherwise the stay's.
 * Null when neither can be made (no room type, or dates that make no stay).
 */
export function adminBookingPrice(
  retreat: PricedRetreat | null | undefined,
  input: { roomType: AdminRoomType; checkInDate: string; checkOutDate: string; paymentPlan?: PaymentPlan | null },
  today: string,
): AdminBookingPrice | null {
  if (retreat?.startDate && retreat.priceCents !== null) {
    const days = { bookedOn: today, startDate: retreat.startDate };
    const offered = (['full', 'instalments', 'advance'] as const).filter((p) => planOffered(p, days));
    const wanted = input.paymentPlan ?? 'advance';
    const plan = offered.includes(wanted) ? wanted : 'full';
    const price = {
      priceCents: retreat.priceCents,
      compareAtCents: retreat.basePriceCents,
      roomSupplementCents: { 'single-room': retreat.singleRoomSupplementCents ?? 0, 'shared-room': retreat.sharedRoomSupplementCents ?? 0 },
    };
    return { kind: 'edition', quote: quote(price, PRICED_ROOM_OF[input.roomType], 1, plan, days), offered };
  }
  const stay = accommodationTotal(input.roomType, input.checkInDate, input.checkOutDate);
  return stay ? { kind: 'stay', ...stay } : null;
}
