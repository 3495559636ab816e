/**
 * The plans' rules as the public pages' price block needs them (./price-block), worked out at build time from
 * src/lib/payment-plans: how many instalments, and how many days before an edition's first day a booking must be
 * made to be offered them. `planOffered` counts its days from the booking day, so one number holds on every day; the
 * unit tests hold the block equal to `planOffered` and `planParts` on many days and prices.
 */
import { addDays } from '../format';
import { INSTALMENT_COUNT, planOffered } from '../payment-plans';
import type { PriceBlockRules } from './price-block';

/** The fewest days from a booking to the first day with which `planOffered` offers instalments; null: never. */
function instalmentsLeadDays(): number | null {
  const bookedOn = '2000-01-01';
  for (let days = 0; days <= 3660; days++) if (planOffered('instalments', { bookedOn, startDate: addDays(bookedOn, days) })) return days;
  return null;
}

export const PRICE_BLOCK_RULES: PriceBlockRules = { instalmentCount: INSTALMENT_COUNT, instalmentsLeadDays: instalmentsLeadDays() };

/** A price block's element attributes, as the pages render them for src/scripts/edition-offer.ts. */
export const PRICE_BLOCK_ATTRIBUTES = {
  'data-offer': '',
  'data-instalment-count': String(PRICE_BLOCK_RULES.instalmentCount),
  'data-instalments-lead-days': PRICE_BLOCK_RULES.instalmentsLeadDays === null ? undefined : String(PRICE_BLOCK_RULES.instalmentsLeadDays),
};
