/**
 * The one home of "places on a retreat" in SQL, used by the booking request, the waiting list, the admin's confirm,
 * a move and the capacity edit. A booking brings its main guest and each companion; it holds its places while it
 * takes a place (../bookings/states.ts: a request not on the waiting list, or a confirmed booking).
 */
import { sql, type SQL } from 'drizzle-orm';
import { RETREAT_MESSAGES } from '../../../src/lib/retreat-messages';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { HOLDS_OFFER_SQL, TAKES_PLACE_SQL } from '../bookings/states';

/** People one booking brings: its main guest and each companion. `alias` names the bookings row in the query. */
export const PEOPLE_OF_BOOKING = (alias: string) => sql.raw(`(1 + coalesce(json_array_length(${alias}.companions), 0))`);

/**
 * Places taken on a retreat (by id expression), by every booking but `except` when given: those holding their places
 * and those a waiting-list offer holds them for (issue 38), so a freed place offered to one party is not taken by
 * another meanwhile.
 */
export const placesTaken = (retreatId: SQL, except?: SQL) =>
  sql<number>`(SELECT coalesce(sum(${PEOPLE_OF_BOOKING('b')}), 0) FROM bookings AS b WHERE b.retreat_id = ${retreatId} AND (${TAKES_PLACE_SQL('b')} OR ${HOLDS_OFFER_SQL('b')})${except ? sql` AND b.id <> ${except}` : sql``})`;

/**
 * goesOnWaitingList (src/lib/booking/waiting-list.ts) in SQL, for a party of `people` on the retreats row `alias`:
 * no limit, never; else when the party is larger than the places left (never below 0). The booking request decides
 * it inside its own INSERT, so the places it counts are those of the moment it is written (tests/api/places-rules).
 */
// A CASE, not an AND: SQLite then counts the places only for an edition with a limit (an AND may evaluate both sides).
export const WAITING_LIST_SQL = (alias: string, people: number): SQL =>
  sql`(CASE WHEN ${sql.raw(alias)}.capacity IS NULL THEN 0 ELSE ${people} > max(0, ${sql.raw(alias)}.capacity - ${placesTaken(sql.raw(`${alias}.id`))}) END)`;

/**
 * For the UPDATE that gives the bookings row `alias` places on the retreat `retreatId` (its own by default: a
 * confirmation, a promotion; another one: a move): true when that retreat has no limit, or when the places the other
 * bookings hold plus this booking's people fit. Checked inside the UPDATE itself, so two admins taking the last
 * place at once cannot both succeed: SQLite runs one write at a time, and the second sees the first.
 */
export const FITS_IN_RETREAT = (alias: string, retreatId: SQL = sql.raw(`${alias}.retreat_id`)): SQL => sql`NOT EXISTS (
  SELECT 1 FROM retreats AS r
  WHERE r.id = ${retreatId} AND r.capacity IS NOT NULL
    AND ${placesTaken(sql`r.id`, sql.raw(`${alias}.id`))} + ${PEOPLE_OF_BOOKING(alias)} > r.capacity)`;

/** How many places a booking's retreat has left for it, and how many the booking needs (null: no limited retreat). */
async function placesLeftFor({ db }: Pick<AppDeps, 'db'>, bookingId: number): Promise<{ left: number; needed: number } | null> {
  const [row] = await db.all<{ capacity: number | null; others: number; needed: number }>(sql`
    SELECT r.capacity AS capacity, ${placesTaken(sql`r.id`, sql`bk.id`)} AS others, ${PEOPLE_OF_BOOKING('bk')} AS needed
    FROM bookings AS bk JOIN retreats AS r ON r.id = bk.retreat_id WHERE bk.id = ${bookingId}`);
  if (!row || row.capacity === null) return null;
  return { left: Math.max(0, Number(row.capacity) - Number(row.others)), needed: Number(row.needed) };
}

/** The refusal when a booking's party does not fit on its retreat: it names the places left and how many it needs. */
export async function retreatFullFor(deps: Pick<AppDeps, 'db'>, bookingId: number): Promise<ApiError> {
  const places = await placesLeftFor(deps, bookingId);
  return new ApiError('retreat_full', places ? { message: RETREAT_MESSAGES.placesLeft(places.left, places.needed) } : {});
}
