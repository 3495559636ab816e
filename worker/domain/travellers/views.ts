/**
 * Travel details per person (issue "Guest portal"): each person on a booking as the guest and the admin see them.
 * Health information is a special category of personal data (GDPR art. 9): the guest sees their own; an admin reads
 * it only through worker/admin/travellers.ts, which audits each read; the scheduled job erases it after the retreat.
 * The guest's saves are worker/portal/travellers.ts.
 */
import type { TravellerView } from '../../../src/lib/portal';
import { missingTravelFields, passportWarning } from '../../../src/lib/travel-details';
import type { bookingTravellers } from '../../db/schema';

export type TravellerRow = typeof bookingTravellers.$inferSelect;


function detailsOf(row: TravellerRow | undefined, withHealth: boolean): TravellerView['details'] {
  return {
    dateOfBirth: row?.dateOfBirth ?? null,
    nationality: row?.nationality ?? null,
    passportNumber: row?.passportNumber ?? null,
    passportExpiry: row?.passportExpiry ?? null,
    emergencyName: row?.emergencyName ?? null,
    emergencyPhone: row?.emergencyPhone ?? null,
    emergencyRelationship: row?.emergencyRelationship ?? null,
    dietary: row?.dietary ?? null,
    foodAllergies: row?.foodAllergies ?? null,
    healthConditions: withHealth ? (row?.healthConditions ?? null) : null,
    healthMedications: withHealth ? (row?.healthMedications ?? null) : null,
    healthAllergies: withHealth ? (row?.healthAllergies ?? null) : null,
    arrivalFlight: row?.arrivalFlight ?? null,
    arrivalAt: row?.arrivalAt ?? null,
    departureFlight: row?.departureFlight ?? null,
    departureAt: row?.departureAt ?? null,
    pickupNeeded: row?.pickupNeeded ?? null,
  };
}

export interface PeopleSource {
  guestFirstName: string;
  guestLastName: string;
  guestDateOfBirth: string | null;
  /** The booking form's dietary restrictions (the main guest's row). */
  guestDietary?: string[] | null;
  /** JSON [[first, last, birthday], …] of the companions' guest rows (BOOKING_PEOPLE_COLUMNS). */
  companionBirthdays?: string | null;
  companions: { first_name: string; last_name: string; age?: number | null }[] | null;
}

const withoutEmpty = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== '')) as Partial<T>;

/**
 * What the booking already knows about a person, for the details they have not saved yet (issue 21): the birthdays
 * the booking form asked for (a companion found by name, so an edited party never gets another's date) and the main
 * guest's dietary restrictions.
 */
function knownFromBooking(booking: PeopleSource, position: number, name: string): Partial<TravellerView['details']> {
  if (position === 0) {
    const dietary = (booking.guestDietary ?? []).filter(Boolean).join(', ');
    return { dateOfBirth: booking.guestDateOfBirth, dietary: dietary || null };
  }
  let companions: [string, string, string | null][] = [];
  try {
    companions = booking.companionBirthdays ? (JSON.parse(booking.companionBirthdays) as [string, string, string | null][]) : [];
  } catch {
    companions = [];
  }
  const found = companions.filter(([first, last]) => `${first} ${last}`.trim() === name);
  return found.length === 1 ? { dateOfBirth: found[0]![2] } : {};
}

/** Everyone on the booking in order, with what they have saved, and what the booking form told us where they have not. */
export function travellerViews(booking: PeopleSource, rows: readonly TravellerRow[], retreatEnd: string | null, { withHealth }: { withHealth: boolean }): TravellerView[] {
  const byPosition = new Map(rows.map((r) => [r.position, r]));
  const names = [`${booking.guestFirstName} ${booking.guestLastName}`.trim(), ...(booking.companions ?? []).map((c) => `${c.first_name} ${c.last_name}`.trim())];
  return names.map((name, position) => {
    const row = byPosition.get(position);
    // Until the person's first save, the form starts from what the booking knows; once saved, what they saved is it
    // (a field they cleared stays cleared).
    const details = { ...detailsOf(row, withHealth), ...(row ? {} : withoutEmpty(knownFromBooking(booking, position, name))) };
    return {
      position,
      role: position === 0 ? 'main' : 'companion',
      name,
      details,
      complete: row?.complete ?? false,
      // A birthday the booking form gave is not "Puudu".
      missing: missingTravelFields(details),
      passportWarning: passportWarning(details.passportExpiry, retreatEnd),
      healthErasedAt: row?.healthErasedAt ?? null,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

