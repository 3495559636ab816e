/**
 * The admin-made booking's price (admin spec section 9): nights × the nightly rate of the accommodation type. One
 * home for the screen (which shows it) and the API (which recomputes it and never trusts a total sent to it).
 */
import { DAY_MS } from '../format';

export const ADMIN_ROOM_TYPES = ['single', 'shared', 'double'] as const;
export type AdminRoomType = (typeof ADMIN_ROOM_TYPES)[number];

/** Payment statuses offered when an admin creates a booking: pending (default), partial, paid. */
export const ADMIN_PAYMENT_STATUSES = ['pending', 'partial', 'paid'] as const;
export type AdminPaymentStatus = (typeof ADMIN_PAYMENT_STATUSES)[number];

export const NIGHTLY_RATE_CENTS: Record<AdminRoomType, number> = { single: 15_000, shared: 10_000, double: 20_000 };


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
