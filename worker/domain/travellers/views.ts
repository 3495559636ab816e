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
    healthConditions: withHealth ? (row?.healthConditions ?? null) : null,
    healthMedications: withHealth ? (row?.healthMedications ?? null) : null,
    healthAllergies: withHealth ? (row?.healthAllergies ?? null) : null,
  };
}

export interface PeopleSource {
  guestFirstName: string;
  guestLastName: string;
  guestDateOfBirth: string | null;
  companions: { first_name: string; last_name: string; age?: number | null }[] | null;
}

/** Everyone on the booking in order, with what they have saved (the main guest's birthday from the booking form). */
export function travellerViews(booking: PeopleSource, rows: readonly TravellerRow[], retreatEnd: string | null, { withHealth }: { withHealth: boolean }): TravellerView[] {
  const byPosition = new Map(rows.map((r) => [r.position, r]));
  const names = [`${booking.guestFirstName} ${booking.guestLastName}`.trim(), ...(booking.companions ?? []).map((c) => `${c.first_name} ${c.last_name}`.trim())];
  return names.map((name, position) => {
    const row = byPosition.get(position);
    const details = detailsOf(row, withHealth);
    if (!row && position === 0 && booking.guestDateOfBirth) details.dateOfBirth = booking.guestDateOfBirth;
    return {
      position,
      role: position === 0 ? 'main' : 'companion',
      name,
      details,
      complete: row?.complete ?? false,
      missing: missingTravelFields(row ? detailsOf(row, false) : undefined),
      passportWarning: passportWarning(details.passportExpiry, retreatEnd),
      healthErasedAt: row?.healthErasedAt ?? null,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

