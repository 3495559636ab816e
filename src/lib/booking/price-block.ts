/**
 * The public pages' price block (the landing hero and price card, the booking page's facts; issue 38), from GET
 * /api/availability: the lowest price that applies today among the open editions, the price it replaces, the
 * early-bird price's last day, and the instalments only where an open edition still offers them. Imports nothing:
 * the pages' small script carries it, within a content page's 3 KB. The plans' rules reach it as two numbers the
 * pages render at build time from src/lib/payment-plans (`priceBlockRules` in ./offer), which the unit tests hold
 * equal to `planOffered` and `planParts` (tests/unit/booking-offer.test.ts).
 */
import type { AvailabilityResponse, EditionAvailability } from './availability';

/** The plans' rules as the block needs them. */
export interface PriceBlockRules {
  /** How many instalments. */
  instalmentCount: number;
  /** The fewest days from the booking to the first day with which instalments are offered; null: never. */
  instalmentsLeadDays: number | null;
}

export interface PriceBlock {
  /** The lowest price per person that applies today among the open editions. */
  priceCents: number;
  /** The price struck beside it: the regular price while the early-bird price runs, else the edition's compare-at. */
  struckCents: number | null;
  /** The last Tallinn day of that edition's early-bird price; null when its regular price applies. */
  earlyBirdUntil: string | null;
  /** "N × X": the first (largest) instalment of the lowest price among the editions offering them; null: none does. */
  instalments: { count: number; amountCents: number } | null;
}

type PricedEdition = Pick<EditionAvailability, 'open' | 'startDate' | 'price'>;

/**
 * The price struck beside the one that applies: the regular price while the early-bird one runs, else the compare-at
 * when above it (the booking form's plans say the same).
 */
export const struckCents = ({ priceCents, compareAtCents, earlyBird }: EditionAvailability['price']): number | null =>
  earlyBird ? earlyBird.regularCents : compareAtCents !== null && compareAtCents > priceCents ? compareAtCents : null;

const cheapest = <T extends PricedEdition>(editions: T[]): T | undefined =>
  editions.reduce<T | undefined>((best, e) => (best === undefined || e.price.priceCents < best.price.priceCents ? e : best), undefined);

/** Whole days from one calendar day to another (as src/lib/format's daysBetween, which this must not import). */
const daysFromTo = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The block over the open editions of an availability answer; null when none takes requests. */
export function priceBlock(
  { today, editions }: Pick<AvailabilityResponse, 'today'> & { editions: PricedEdition[] },
  { instalmentCount, instalmentsLeadDays }: PriceBlockRules,
): PriceBlock | null {
  const open = editions.filter((e) => e.open);
  const lowest = cheapest(open);
  if (!lowest) return null;
  const lead = instalmentsLeadDays;
  const withInstalments = lead === null ? undefined : cheapest(open.filter((e) => daysFromTo(today, e.startDate) >= lead));
  const price = withInstalments?.price.priceCents;
  return {
    priceCents: lowest.price.priceCents,
    struckCents: struckCents(lowest.price),
    earlyBirdUntil: lowest.price.earlyBird?.until ?? null,
    // Equal parts in whole cents, the first carrying the remainder (as the plans split them).
    instalments:
      price === undefined ? null : { count: instalmentCount, amountCents: price - (instalmentCount - 1) * Math.floor(price / instalmentCount) },
  };
}
