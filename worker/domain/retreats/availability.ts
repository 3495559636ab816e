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
  /** Its row's terms as read (`EDITION_TERMS_SQL`): a booking built on them is written only while the row still has them. */
  terms: string;
}

/**
 * An edition as a booking request builds on it: everything but its places, which change with every request and are
 * counted inside the booking's own INSERT (`WAITING_LIST_SQL` in ./places). It may have been read by an earlier
 * request (`editionForBooking`).
 */
export type EditionTerms = Omit<EditionOnSale, 'placesLeft' | 'full'>;

/**
 * Everything a booking request takes from its edition's row, as one value: its sale, days, prices, room supplements,
 * registration's close and capacity. The booking's INSERT reads its waiting-list flag from the row only where the
 * row still gives the value the request was built on (../bookings/submission.ts); otherwise the flag is NULL, which
 * the column refuses, and the whole batch rolls back. Over the `retreats` table unaliased.
 */
export const EDITION_TERMS_SQL = sql<string>`json_array(${retreats.published}, ${retreats.edition}, ${retreats.startDate}, ${retreats.endDate}, ${retreats.priceCents},
  ${retreats.basePriceCents}, ${retreats.earlyBirdPriceCents}, ${retreats.earlyBirdUntil}, ${retreats.singleRoomSupplementCents},
  ${retreats.sharedRoomSupplementCents}, ${retreats.registrationClosesDaysBefore}, ${retreats.capacity})`;

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
      terms: EDITION_TERMS_SQL,
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
      terms: r.terms,
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
  remember(deps, today, editions, true);
  const { terms, waiver } = await textsInForce(today);
  return {
    today,
    editions: editions.map(({ retreatId: _r, capacity: _c, terms: _t, ...edition }) => edition),
    agreements: { terms: { version: terms.version, sha256: terms.sha256 }, waiver: { version: waiver.version, sha256: waiver.sha256 } },
  };
}

/** One edition on sale by its key (the booking's `retreatMonth`), or undefined: unpublished, unknown or started. */
export async function findEditionOnSale(deps: Pick<AppDeps, 'db' | 'now'>, key: string): Promise<EditionOnSale | undefined> {
  const [edition] = await editionsOnSale(deps, key);
  return edition;
}

// ── the editions a booking request builds on ────────────────────────────────────────────────────────────────────

/**
 * Per database client (an app's, a Worker isolate's), the editions on sale today as last read: the booking form reads
 * GET /api/availability as it opens, so the request it then sends finds its edition here and its one batch is its
 * only round trip to the database (issue 40). No staleness can reach a booking: its batch writes only while the
 * edition's row still has the terms it was built on, and the caller forgets them and reads again when it has not.
 */
const known = new WeakMap<object, { day: string; editions: Map<string, EditionTerms> }>();

function remember({ db }: Pick<AppDeps, 'db'>, day: string, editions: EditionOnSale[], all: boolean) {
  let entry = known.get(db);
  if (entry?.day !== day) known.set(db, (entry = { day, editions: new Map() }));
  else if (all) entry.editions.clear();
  for (const { placesLeft: _p, full: _f, ...edition } of editions) entry.editions.set(edition.id, edition);
}

/** The edition on sale by its key as last read today, or read now; undefined when it is not on sale. */
export async function editionForBooking(deps: Pick<AppDeps, 'db' | 'now'>, key: string): Promise<EditionTerms | undefined> {
  const day = tallinnDay(deps.now());
  const entry = known.get(deps.db);
  const edition = entry?.day === day ? entry.editions.get(key) : undefined;
  if (edition) return edition;
  const read = await findEditionOnSale(deps, key);
  if (read) remember(deps, day, [read], false);
  return read;
}

/** After a batch found the edition's row changed: the next request reads it again. */
export function forgetEdition({ db }: Pick<AppDeps, 'db'>, key: string) {
  known.get(db)?.editions.delete(key);
}
