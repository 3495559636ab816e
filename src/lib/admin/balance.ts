/**
 * The balance rule (admin spec section 9): remaining = total + additional services + companion custom prices −
 * amount paid, all in cents. The API computes it for the detail; a screen may compute it for edits not yet saved.
 */
import { sumCents } from '../money';

export interface BalanceInput {
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  additionalServices: readonly { priceCents: number }[];
  companions: readonly { customPriceCents: number | null }[];
}

export interface BookingTotals {
  servicesCents: number;
  companionsCents: number;
  remainingCents: number;
}

export function bookingTotals(booking: BalanceInput): BookingTotals {
  const servicesCents = sumCents(booking.additionalServices.map((s) => s.priceCents));
  const companionsCents = sumCents(booking.companions.map((c) => c.customPriceCents));
  const remainingCents = (booking.totalAmountCents ?? 0) + servicesCents + companionsCents - (booking.amountPaidCents ?? 0);
  return { servicesCents, companionsCents, remainingCents };
}
