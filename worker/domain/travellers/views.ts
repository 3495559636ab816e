/**
 * Travel details per person (issue "Guest portal"): the guest's views and saves. Health information is a special
 * category of personal data (GDPR art. 9): the guest sees their own; an admin reads it only through
 * worker/admin/travellers.ts, which audits each read; the scheduled job erases it after the retreat.
 */
import { and, eq } from 'drizzle-orm';
import { tallinnDay } from '../../../src/lib/format';
import type { TravellerView } from '../../../src/lib/portal';
import { HEALTH_FIELDS, isTravelDetailsComplete, missingTravelFields, passportWarning, type TravelDetails } from '../../../src/lib/travel-details';
import { travelDetailsSchema } from '../../../src/lib/travel-details-schema';
import { bookingTravellers } from '../../db/schema';
import type { Actor } from '../actor';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { toFieldIssues } from '../../http/validate';
import { auditIfChanged } from '../audit';


export type TravellerRow = typeof bookingTravellers.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'now'>;


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

