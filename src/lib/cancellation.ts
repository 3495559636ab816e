/**
 * The refund the terms give when a booking is cancelled (issue "Back office II"): the settings' tiers, counted in
 * days from the cancellation day to the retreat's first day, applied to what was paid towards what the booking is
 * billed (its price; nothing for a waiting-list party). 60 days or more before: all of it back less a 5% fee; 30–59
 * days: half; under 30: nothing. Money paid beyond what is billed (an overpayment) was never the price: it goes back
 * whole, and no fee is taken from it. Pure and browser-safe: the cancel dialog and the portal show it and the API
 * records it (the admin may change the amount).
 */
import { daysBetween } from './format';
import { CANCELLATION_TIERS, type CancellationTier } from './payment-rules';

export interface RefundQuote {
  /** Whole days from the cancellation day to the first day; null when the booking has no start date. */
  daysBefore: number | null;
  /** The tier that applies; null without a start date (the admin decides). */
  tier: CancellationTier | null;
  paidCents: number;
  /** What was paid beyond what the booking is billed: returned whole, inside `refundCents`. */
  overpaidCents: number;
  feeCents: number;
  /** Everything that goes back: the tier's share of what paid the bill, less the fee, plus the overpayment. */
  refundCents: number;
}

export { daysBetween };

export function refundQuote({ startDate, today, paidCents, billedCents }: { startDate: string | null; today: string; paidCents: number; billedCents: number }): RefundQuote {
  const paid = Math.max(0, paidCents);
  const overpaidCents = Math.max(0, paid - Math.max(0, billedCents));
  const towardsBill = paid - overpaidCents;
  if (!startDate) return { daysBefore: null, tier: null, paidCents: paid, overpaidCents, feeCents: 0, refundCents: paid };
  const daysBefore = daysBetween(today, startDate);
  // Tiers run from the most days down to 0; after the start (a negative count) the last tier applies.
  const tier = CANCELLATION_TIERS.find((t) => daysBefore >= t.fromDaysBefore) ?? CANCELLATION_TIERS.at(-1)!;
  const feeCents = Math.round((towardsBill * tier.feePercent) / 100);
  const refundCents = Math.max(0, Math.round((towardsBill * tier.refundPercent) / 100) - feeCents) + overpaidCents;
  return { daysBefore, tier, paidCents: paid, overpaidCents, feeCents, refundCents };
}
