/**
 * When a booking's retreat runs, and who is on it: the one start-date rule (the retreat's first day, else the
 * booking's own check-in day), in TypeScript and in SQL, for every audience (the admin detail, the portal, the
 * schedule, the jobs, the invoices). The edition's days come from the retreats row a booking points at; a booking
 * without one (made by an admin for free dates) runs on its own dates.
 */
import { sql } from 'drizzle-orm';
import settings from '../../../content/settings/site.json';
import { bookings, guests, retreats } from '../../db/schema';
import { stateOf, type StateRow } from './states';

/** The start-date rule in SQL, over `bookings` left-joined with its `retreats` row. */
export const START_DATE_SQL = sql<string | null>`coalesce(${retreats.startDate}, ${bookings.checkInDate})`;

export interface DaysSource {
  retreatStart: string | null;
  retreatEnd: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
}

/** The start-date rule in TypeScript (and the end day the same way). */
export const bookingStart = (row: Pick<DaysSource, 'retreatStart' | 'checkInDate'>): string | null => row.retreatStart ?? row.checkInDate;
export const bookingEnd = (row: Pick<DaysSource, 'retreatEnd' | 'checkOutDate'>): string | null => row.retreatEnd ?? row.checkOutDate;

/** The same rule for a booking as its detail carries it (its retreat, if any, and its own days). */
export const detailStart = (d: { retreat: { startDate: string | null } | null; checkInDate: string | null }): string | null =>
  bookingStart({ retreatStart: d.retreat?.startDate ?? null, checkInDate: d.checkInDate });
export const detailEnd = (d: { retreat: { endDate: string | null } | null; checkOutDate: string | null }): string | null =>
  bookingEnd({ retreatEnd: d.retreat?.endDate ?? null, checkOutDate: d.checkOutDate });

/**
 * Who is on a booking and when its retreat runs (`retreatOf`, `travellerViews`): the columns the portal and the admin's
 * travellers view both read, from `bookings` joined with its main guest and its retreat.
 */
export const BOOKING_PEOPLE_COLUMNS = {
  edition: bookings.retreatEdition,
  checkInDate: bookings.checkInDate,
  checkOutDate: bookings.checkOutDate,
  retreatName: retreats.name,
  retreatStart: retreats.startDate,
  retreatEnd: retreats.endDate,
  companions: bookings.companions,
  guestFirstName: guests.firstName,
  guestLastName: guests.lastName,
  guestDateOfBirth: guests.dateOfBirth,
  guestDietary: guests.dietaryPreferences,
  /** [first, last, birthday] of each companion the booking form named (their guest rows), to prefill their details. */
  companionBirthdays: sql<string | null>`(SELECT json_group_array(json_array(c.first_name, c.last_name, c.date_of_birth)) FROM guests AS c WHERE c.companion_of_guest_id = ${guests.id} AND c.date_of_birth IS NOT NULL)`,
};

/** The retreat's name and days. */
export function retreatOf(row: DaysSource & { retreatName: string | null }) {
  return { name: row.retreatName ?? settings.retreatName, startDate: bookingStart(row), endDate: bookingEnd(row) };
}

/** Travel details and cancellation requests are open while the booking runs: not cancelled, retreat not over. */
export function bookingOpen(row: StateRow, endDate: string | null, today: string): boolean {
  return stateOf(row) !== 'cancelled' && (endDate === null || today <= endDate);
}
