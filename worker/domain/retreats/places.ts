/**
 * The one home of "places on a retreat" in SQL, used by the booking request, the waiting list, the admin's confirm
 * and the capacity edit (issue "Back office III": capacity). A booking brings its main guest
 * and each companion. Places taken = people on the retreat's confirmed bookings and on its pending requests, except
 * requests that came in on the waiting list: those wait for a place and hold none until an admin confirms them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';

/** People one booking brings: its main guest and each companion. `alias` names the bookings row in the query. */
export const PEOPLE_OF_BOOKING = (alias: string) => sql.raw(`(1 + coalesce(json_array_length(${alias}.companions), 0))`);

/** Whether the bookings row `alias` holds places on its retreat. */
export const HOLDS_PLACES = (alias: string) => sql.raw(`(${alias}.status = 'confirmed' OR (${alias}.status = 'pending' AND ${alias}.waiting_list = 0))`);

/** Places taken on a retreat (by id expression). */
export const placesTaken = (retreatId: SQL) =>
  sql<number>`(SELECT coalesce(sum(${PEOPLE_OF_BOOKING('b')}), 0) FROM bookings AS b WHERE b.retreat_id = ${retreatId} AND ${HOLDS_PLACES('b')})`;

/** Places taken on a retreat by every booking but one (by id expressions). */
const placesTakenByOthers = (retreatId: SQL, bookingId: SQL) =>
  sql<number>`(SELECT coalesce(sum(${PEOPLE_OF_BOOKING('b')}), 0) FROM bookings AS b WHERE b.retreat_id = ${retreatId} AND ${HOLDS_PLACES('b')} AND b.id <> ${bookingId})`;

/**
 * For the UPDATE that confirms the bookings row `alias`: true when its retreat has no limit, or when the places the
 * other bookings hold plus this booking's people fit. Checked inside the UPDATE itself, so two admins confirming the
 * last place at once cannot both succeed: SQLite runs one write at a time, and the second sees the first.
 */
export const FITS_IN_RETREAT = (alias: string): SQL => sql`NOT EXISTS (
  SELECT 1 FROM retreats AS r
  WHERE r.id = ${sql.raw(alias)}.retreat_id AND r.capacity IS NOT NULL
    AND ${placesTakenByOthers(sql`r.id`, sql.raw(`${alias}.id`))} + ${PEOPLE_OF_BOOKING(alias)} > r.capacity)`;

/** How many places a booking's retreat has left for it, and how many the booking needs (null: no limited retreat). */
export async function placesLeftFor({ db }: Pick<AppDeps, 'db'>, bookingId: number): Promise<{ left: number; needed: number } | null> {
  const [row] = await db.all<{ capacity: number | null; others: number; needed: number }>(sql`
    SELECT r.capacity AS capacity, ${placesTakenByOthers(sql`r.id`, sql`bk.id`)} AS others, ${PEOPLE_OF_BOOKING('bk')} AS needed
    FROM bookings AS bk JOIN retreats AS r ON r.id = bk.retreat_id WHERE bk.id = ${bookingId}`);
  if (!row || row.capacity === null) return null;
  return { left: Math.max(0, Number(row.capacity) - Number(row.others)), needed: Number(row.needed) };
}
