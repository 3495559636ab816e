/**
 * What is on sale (issue "Sell"): the published editions in the `retreats` table, read at request time, so an
 * edition an admin opens is on the booking form at once, with no rebuild. An edition is offered while it has its
 * key, its days and its price and has not started; it takes requests until registration closes, its own number of
 * days before its start (4 by default), counted in Europe/Tallinn calendar days. Places left come from its capacity
 * and the places rule (./places). The price is the one that applies on the request's Tallinn day: the early-bird
 * price up to its last day (issue 38), the regular one after.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AvailabilityResponse, EditionAvailability } from '../../../src/lib/booking/availability';
import { addDays, tallinnDay } from '../../../src/lib/format';
import { priceOn } from '../../../src/lib/payment-plans';
import { publicEdition } from '../../../src/lib/retreat-editions';
import { retreats } from '../../db/schema';
import { textsInForce } from '../agreements/texts';
import type { AppDeps } from '../../deps';
import { placesTaken } from './places';

/** The day registration for an edition closes: no request is taken on it or after it. */
export function registrationClosesOn(startDate: string, daysBefore: number): string {
  return addDays(startDate, -daysBefore);
}

/** An edition on sale, as the booking request needs it: its retreat, capacity and places as well. */
export interface EditionOnSale extends EditionAvailability {
  retreatId: number;
  capacity: number | null;
}

/** Published editions with everything a visitor needs, not started by `today`; one when `key` is given. */
function onSale(today: string, key?: string) {
  return and(
    eq(retreats.published, true),
    isNotNull(retreats.edition),
    isNotNull(retreats.startDate),
    isNotNull(retreats.endDate),
    isNotNull(retreats.priceCents),
    gt(retreats.startDate, today),
    key === undefined ? undefined : eq(retreats.edition, key),
  );
}

async function editionsOnSale({ db, now }: Pick<AppDeps, 'db' | 'now'>, key?: string): Promise<EditionOnSale[]> {
  const today = tallinnDay(now());
  const rows = await db
    .select({
      retreatId: retreats.id,
      edition: retreats.edition,
      startDate: retreats.startDate,
      endDate: retreats.endDate,
      priceCents: retreats.priceCents,
      compareAtCents: retreats.basePriceCents,
      earlyBirdPriceCents: retreats.earlyBirdPriceCents,
      earlyBirdUntil: retreats.earlyBirdUntil,
      single: retreats.singleRoomSupplementCents,
      shared: retreats.sharedRoomSupplementCents,
      closesDaysBefore: retreats.registrationClosesDaysBefore,
      capacity: retreats.capacity,
      taken: placesTaken(sql`${retreats.id}`),
    })
    .from(retreats)
    .where(onSale(today, key))
    .orderBy(asc(retreats.startDate), asc(retreats.id));
  return rows.map((r) => {
    const closesOn = registrationClosesOn(r.startDate!, r.closesDaysBefore);
    const placesLeft = r.capacity === null ? null : Math.max(0, r.capacity - Number(r.taken));
    const applies = priceOn({ priceCents: r.priceCents!, earlyBirdPriceCents: r.earlyBirdPriceCents, earlyBirdUntil: r.earlyBirdUntil }, today);
    return {
      ...publicEdition(r.edition!, r.startDate!, r.endDate!),
      retreatId: r.retreatId,
      capacity: r.capacity,
      open: today < closesOn,
      closesOn,
      placesLeft,
      full: placesLeft === 0,
      price: {
        priceCents: applies.priceCents,
        compareAtCents: r.compareAtCents,
        roomSupplementCents: { 'single-room': r.single, 'shared-room': r.shared },
        earlyBird: applies.earlyBird,
      },
    };
  });
}

/** GET /api/availability: every edition on sale, open or closed, and the server's day. */
export async function editionAvailability(deps: Pick<AppDeps, 'db' | 'now'>): Promise<AvailabilityResponse> {
  const editions = await editionsOnSale(deps);
  const today = tallinnDay(deps.now());
  const { terms, waiver } = await textsInForce(today);
  return {
    today,
    editions: editions.map(({ retreatId: _r, capacity: _c, ...edition }) => edition),
    agreements: { terms: { version: terms.version, sha256: terms.sha256 }, waiver: { version: waiver.version, sha256: waiver.sha256 } },
  };
}

/** One edition on sale by its key (the booking's `retreatMonth`), or undefined: unpublished, unknown or started. */
export async function findEditionOnSale(deps: Pick<AppDeps, 'db' | 'now'>, key: string): Promise<EditionOnSale | undefined> {
  const [edition] = await editionsOnSale(deps, key);
  return edition;
}
