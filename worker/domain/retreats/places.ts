/**
 * The one home of "places on a retreat" in SQL (issue "Back office III": capacity). A booking brings its main guest
 * and each companion. Places taken = people on the retreat's confirmed bookings and on its pending requests, except
 * requests that came in on the waiting list: those wait for a place and hold none until an admin confirms them.
 */
import { sql, type SQL } from 'drizzle-orm';

/** People one booking brings: its main guest and each companion. `alias` names the bookings row in the query. */
export const PEOPLE_OF_BOOKING = (alias: string) => sql.raw(`(1 + coalesce(json_array_length(${alias}.companions), 0))`);

/** Whether the bookings row `alias` holds places on its retreat. */
export const HOLDS_PLACES = (alias: string) => sql.raw(`(${alias}.status = 'confirmed' OR (${alias}.status = 'pending' AND ${alias}.waiting_list = 0))`);

/** Places taken on a retreat (by id expression). */
export const placesTaken = (retreatId: SQL) =>
  sql<number>`(SELECT coalesce(sum(${PEOPLE_OF_BOOKING('b')}), 0) FROM bookings AS b WHERE b.retreat_id = ${retreatId} AND ${HOLDS_PLACES('b')})`;
