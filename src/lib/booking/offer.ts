/**
 * What the public pages and the booking form say about the editions on sale (issue 38), from GET /api/availability:
 * the lowest price that applies today with the price it replaces, the early-bird price's last day, the instalments
 * only where an edition still offers them, and whether a party goes onto the waiting list. Pure and browser-safe:
 * the landing page's small script carries it, so it reads no settings beyond the plans' own rules.
 */
import { INSTALMENT_COUNT, planOffered, planParts } from '../payment-plans';
import type { AvailabilityResponse, EditionAvailability } from './availability';

/** The pages' price block: from what price per person, what it replaces, until when, and the instalments. */
export interface LowestOffer {
  /** The lowest price per person that applies today among the open editions. */
  priceCents: number;
  /** The price struck beside it: the regular price while the early-bird price runs, else the edition's compare-at. */
  struckCents: number | null;
  /** The last Tallinn day of that edition's early-bird price; null when its regular price applies. */
  earlyBirdUntil: string | null;
  /**
   * "N × X": the largest of the instalments on the lowest price among the open editions that offer instalments
   * today (the first carries the remainder); null when none does.
   */
  instalments: { count: number; amountCents: number } | null;
}

type PricedEdition = Pick<EditionAvailability, 'open' | 'startDate' | 'price'>;

/** The price struck beside the one that applies: the regular price while the early-bird one runs, else the compare-at. */
export const struckCents = ({ priceCents, compareAtCents, earlyBird }: EditionAvailability['price']): number | null =>
  earlyBird ? earlyBird.regularCents : compareAtCents !== null && compareAtCents > priceCents ? compareAtCents : null;

const cheapest = <T extends PricedEdition>(editions: T[]): T | undefined =>
  editions.reduce<T | undefined>((best, e) => (best === undefined || e.price.priceCents < best.price.priceCents ? e : best), undefined);

/** The offer over the open editions of an availability answer; null when none takes requests. */
export function lowestOffer({ today, editions }: Pick<AvailabilityResponse, 'today'> & { editions: PricedEdition[] }): LowestOffer | null {
  const open = editions.filter((e) => e.open);
  const lowest = cheapest(open);
  if (!lowest) return null;
  const { priceCents, earlyBird } = lowest.price;
  const withInstalments = cheapest(open.filter((e) => planOffered('instalments', { bookedOn: today, startDate: e.startDate })));
  const first =
    withInstalments && planParts('instalments', { bookedOn: today, startDate: withInstalments.startDate }, withInstalments.price.priceCents)[0];
  return {
    priceCents,
    struckCents: struckCents(lowest.price),
    earlyBirdUntil: earlyBird?.until ?? null,
    instalments: first ? { count: INSTALMENT_COUNT, amountCents: first.amountCents } : null,
  };
}
