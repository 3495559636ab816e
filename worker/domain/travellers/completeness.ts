/**
 * Travel-details completeness in SQL (issue "Guest portal"), in the style of ./places: the portal's list, the admin
 * list's "details missing" filter and the reminder job count the same way. The rule for one person is
 * src/lib/travel-details.ts; the API stores its answer in `booking_travellers.complete`.
 */
import { sql } from 'drizzle-orm';
import { PEOPLE_OF_BOOKING } from '../retreats/places';

/** How many people on the bookings row `alias` have completed their travel details. */
export const COMPLETE_TRAVELLERS = (alias: string) =>
  sql.raw(`(SELECT count(*) FROM booking_travellers AS t WHERE t.booking_id = ${alias}.id AND t.complete = 1)`);

/** Someone on the bookings row `alias` (main guest or companion) has not completed their travel details. */
export const TRAVEL_DETAILS_MISSING = (alias: string) => sql`(${PEOPLE_OF_BOOKING(alias)} > ${COMPLETE_TRAVELLERS(alias)})`;
