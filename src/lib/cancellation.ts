/**
 * The refund the terms give when a booking is cancelled (issue "Back office II"): the settings' tiers, counted in
 * days from the cancellation day to the retreat's first day, applied to what was paid. 60 days or more before: all of
 * it back less a 5% fee; 30–59 days: half; under 30: nothing. Pure and browser-safe: the cancel dialog shows it and
 * the API records it (the admin may change the amount).
 */
import { daysBetween } from './format';
import { CANCELLATION_TIERS, type CancellationTier } from './payment-rules';

export interface RefundQuote {
  /** Whole days from the cancellation day to the first day; null when the booking has no start date. */
  daysBefore: number | null;
  /** The tier that applies; null without a start date (the admin decides). */
  tier: CancellationTier | null;
  paidCents: number;
  feeCents: number;
  refundCents: number;
}

export { daysBetween };

export function refundQuote({ startDate, today, paidCents }: { startDate: string | null; today: string; paidCents: number }): RefundQuote {
  const paid = Math.max(0, paidCents);
  if (!startDate) return { daysBefore: null, tier: null, paidCents: paid, feeCents: 0, refundCents: paid };
  const daysBefore = daysBetween(today, startDate);
  // Tiers run from the most days down to 0; after the start (a negative count) the last tier applies.
  const tier = CANCELLATION_TIERS.find((t) => daysBefore >= t.fromDaysBefore) ?? CANCELLATION_TIERS.at(-1)!;
  const feeCents = Math.round((paid * tier.feePercent) / 100);
  const refundCents = Math.max(0, Math.round((paid * tier.refundPercent) / 100) - feeCents);
  return { daysBefore, tier, paidCents: paid, feeCents, refundCents };
}
