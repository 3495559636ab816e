/**
 * The waiting list moves by itself (issue 38). When places free on an edition (a cancellation, a move, a capacity
 * raise, a lapsed offer), the first waiting party that fits whole, in the order they asked, gets an offer: the
 * places are held for it (the places rule counts an open offer) for the settings' hours, and the guest is e-mailed a
 * signed link (its SHA-256 is stored, never the token). The guest confirms by the link or in the portal
 * (./waiting-list.ts `acceptOffer`); an offer not taken in time lapses and passes to the next party that fits. The
 * organiser can still promote by hand. Each offer and lapse is one batch with its audit record and the guest's e-mail.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { WAITING_LIST_OFFER_HOURS } from '../../../src/lib/payment-rules';
import { PLACE_OFFER_PATH } from '../../../src/lib/place-offers';
import { tallinnDay } from '../../../src/lib/format';
import { bookings, guests, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { auditIfChanged } from '../audit';
import { randomToken, sha256Hex } from '../auth/tokens';
import { GUEST_NOTICES, guestNoticeInsert } from '../mail/guest-notices';
import { FITS_IN_RETREAT, PEOPLE_OF_BOOKING, placesTaken } from '../retreats/places';
import { getBookingDetail } from './record';
import { AWAITS_OFFER_SQL, HOLDS_OFFER_SQL } from './states';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/** Where the offer's link leads: the page that shows the offer and confirms it (the token in the fragment). */
export const offerLink = (origin: string, token: string) => `${origin}${PLACE_OFFER_PATH}#pakkumine=${token}`;

const HOUR_MS = 60 * 60 * 1000;

/** The waiting parties of an edition that could be offered places, first asked first; with how many people each. */
async function candidates({ db }: Pick<AppDeps, 'db'>, retreatId: number) {
  return db
    .select({ id: bookings.id, people: sql<number>`${PEOPLE_OF_BOOKING('"bookings"')}`, firstName: guests.firstName })
    .from(bookings)
    .innerJoin(guests, eq(guests.id, bookings.guestId))
    .where(and(eq(bookings.retreatId, retreatId), AWAITS_OFFER_SQL('"bookings"')))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(200);
}

/** Places free on an edition that still takes offers (limited, not started, not cancelled); null: none to offer. */
async function freePlaces({ db, now }: Pick<AppDeps, 'db' | 'now'>, retreatId: number): Promise<number | null> {
  const [r] = await db
    .select({ capacity: retreats.capacity, taken: placesTaken(sql`${retreats.id}`), startDate: retreats.startDate, cancelledAt: retreats.cancelledAt })
    .from(retreats)
    .where(eq(retreats.id, retreatId));
  if (!r || r.capacity === null || r.cancelledAt !== null || (r.startDate !== null && r.startDate <= tallinnDay(now()))) return null;
  return r.capacity - Number(r.taken);
}

/**
 * Offers an edition's free places to its waiting parties, in order, each party only whole: the first that fits gets
 * an offer, then the next that fits what is left, until none does. Answers the bookings offered places.
 */
export async function offerFreedPlaces(deps: Deps, retreatId: number | null | undefined): Promise<number[]> {
  if (!retreatId) return [];
  const offered: number[] = [];
  for (let round = 0; round < 50; round++) {
    const free = await freePlaces(deps, retreatId);
    if (free === null || free <= 0) break;
    const next = (await candidates(deps, retreatId)).find((c) => Number(c.people) <= free);
    if (!next) break;
    if (!(await makeOffer(deps, next.id, next.firstName))) break;
    offered.push(next.id);
  }
  return offered;
}

async function makeOffer(deps: Deps, id: number, firstName: string): Promise<boolean> {
  const booking = await getBookingDetail(deps, id);
  const token = randomToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + WAITING_LIST_OFFER_HOURS * HOUR_MS).toISOString();
  const notice = GUEST_NOTICES.offer({ ...booking, people: 1 + booking.companions.length }, { link: offerLink(deps.config.publicOrigin, token), expiresAt });
  const [result] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ offeredAt: now.toISOString(), offerExpiresAt: expiresAt, offerTokenHash: await sha256Hex(token), version: sql`${bookings.version} + 1`, updatedAt: now.toISOString() })
      // Still waiting without an offer, and its whole party fits beside the places held and offered.
      .where(and(eq(bookings.id, id), AWAITS_OFFER_SQL('"bookings"'), FITS_IN_RETREAT('"bookings"'))),
    auditIfChanged(deps, { userId: null, action: 'booking.offer', severity: 'medium', resourceType: 'booking', resourceId: String(id), metadata: { expiresAt, people: 1 + booking.companions.length } }),
    guestNoticeInsert(deps, { id, firstName }, 'place_offer', notice, sql`(SELECT offer_expires_at FROM bookings WHERE id = ${id}) = ${expiresAt}`),
  ]);
  return result.rowsAffected > 0;
}

/**
 * Lapses the offers past their time: each booking stays on the waiting list, marked so it is not offered again by
 * itself (the organiser can still promote it), the guest is told, and its places go to the next party that fits.
 * Answers the bookings whose offer lapsed.
 */
export async function lapseOffers(deps: Deps): Promise<number[]> {
  const now = deps.now().toISOString();
  const due = await deps.db
    .select({ id: bookings.id, retreatId: bookings.retreatId, firstName: guests.firstName, expiresAt: bookings.offerExpiresAt })
    .from(bookings)
    .innerJoin(guests, eq(guests.id, bookings.guestId))
    .where(and(HOLDS_OFFER_SQL('"bookings"'), sql`${bookings.offerExpiresAt} <= ${now}`))
    .limit(500);
  const lapsed: number[] = [];
  for (const row of due) {
    const booking = await getBookingDetail(deps, row.id);
    const [result] = await deps.db.batch([
      deps.db
        .update(bookings)
        .set({ offerExpiresAt: null, offerTokenHash: null, offersStoppedAt: now, version: sql`${bookings.version} + 1`, updatedAt: now })
        .where(and(eq(bookings.id, row.id), HOLDS_OFFER_SQL('"bookings"'), eq(bookings.offerExpiresAt, row.expiresAt!))),
      auditIfChanged(deps, { userId: null, action: 'booking.offer_lapsed', severity: 'medium', resourceType: 'booking', resourceId: String(row.id), metadata: { expiresAt: row.expiresAt } }),
      guestNoticeInsert(deps, { id: row.id, firstName: row.firstName }, 'place_offer_lapsed', GUEST_NOTICES.offerLapsed(booking)),
    ]);
    if (result.rowsAffected > 0) lapsed.push(row.id);
  }
  for (const retreatId of new Set(due.map((r) => r.retreatId))) await offerFreedPlaces(deps, retreatId);
  return lapsed;
}

/**
 * The scheduler's pass (worker/jobs.ts): lapse the offers past their time, then offer any edition's free places to
 * its waiting parties (places freed by a change the request that made it did not pass on, e.g. a deletion).
 */
export async function moveWaitingLists(deps: Deps): Promise<void> {
  await lapseOffers(deps);
  const today = tallinnDay(deps.now());
  const editions = await deps.db
    .selectDistinct({ id: bookings.retreatId })
    .from(bookings)
    .innerJoin(retreats, eq(retreats.id, bookings.retreatId))
    .where(and(AWAITS_OFFER_SQL('"bookings"'), sql`${retreats.capacity} IS NOT NULL AND ${retreats.cancelledAt} IS NULL AND ${retreats.startDate} > ${today}`));
  for (const e of editions) await offerFreedPlaces(deps, e.id);
}

/** The booking an offer's token stands for, or 404: a wrong link, or one spent (taken, lapsed, given by hand). */
export async function bookingOfOffer({ db }: Pick<AppDeps, 'db'>, token: string): Promise<number> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError('offer_not_found');
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.offerTokenHash, await sha256Hex(token)));
  if (!row) throw new ApiError('offer_not_found');
  return row.id;
}
