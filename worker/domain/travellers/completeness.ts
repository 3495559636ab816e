/**
 * Travel-details completeness in SQL (issue "Guest portal"), in the style of ./places: the portal's list, the admin
 * list's "details missing" filter and the reminder job count the same way. The rule for one person is
 * src/lib/travel-details.ts; the API stores its answer in `booking_travellers.complete`, and triggers keep each
 * booking's count of people still incomplete in `bookings.travellers_missing` (migration 0016).
 */
import { sql } from 'drizzle-orm';
import { PEOPLE_OF_BOOKING } from '../retreats/places';

/** How many people on the bookings row `alias` have completed their travel details. */
export const COMPLETE_TRAVELLERS = (alias: string) => sql`(${PEOPLE_OF_BOOKING(alias)} - ${sql.raw(alias)}.travellers_missing)`;

/**
 * Someone on the bookings row `alias` (main guest or companion) has not completed their travel details; with "not
 * cancelled" the partial index bookings_details_missing_created_idx serves it.
 */
export const TRAVEL_DETAILS_MISSING = (alias: string) => sql.raw(`${alias}.travellers_missing > 0`);
