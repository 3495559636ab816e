/**
 * Travel details per person (issue "Guest portal"): the guest's views and saves. Health information is a special
 * category of personal data (GDPR art. 9): the guest sees their own; an admin reads it only through
 * services/admin/travellers.ts, which audits each read; the scheduled job erases it after the retreat.
 */
import { and, eq } from 'drizzle-orm';
import { tallinnDay } from '../../../src/lib/format';
import type { TravellerView } from '../../../src/lib/portal';
import { HEALTH_FIELDS, isTravelDetailsComplete, missingTravelFields, passportWarning, type TravelDetails } from '../../../src/lib/travel-details';
import { travelDetailsSchema } from '../../../src/lib/travel-details-schema';
import { bookingTravellers } from '../../db/schema';
import type { Actor } from '../admin/bookings';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { toFieldIssues } from '../../http/validate';
import { auditIfChanged } from '../audit';
import { bookingOpen, ownedBooking, retreatOf, type OwnedRow } from './bookings';

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

export type PeopleSource = Pick<OwnedRow, 'guestFirstName' | 'guestLastName' | 'guestDateOfBirth' | 'companions'>;

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

export function parsePosition(raw: string): number {
  if (!/^\d{1,3}$/.test(raw)) throw new ApiError('not_found', { message: 'Inimest ei leitud' });
  return Number(raw);
}

/**
 * Saves one person's details (what is given replaces what was there; empty clears). 404 for another user's booking
 * or a position nobody has; 409 once the booking is cancelled or the retreat is over. The audit record names the
 * fields that changed, never their values.
 */
export async function saveTravellerDetails(
  deps: Deps,
  actor: Actor,
  bookingId: number,
  position: number,
  input: unknown,
): Promise<TravellerView> {
  const booking = await ownedBooking(deps, actor.userId, bookingId);
  const people = 1 + (booking.companions?.length ?? 0);
  if (position >= people) throw new ApiError('not_found', { message: 'Inimest ei leitud' });
  const today = tallinnDay(deps.now());
  const { endDate } = retreatOf(booking);
  if (!bookingOpen(booking, endDate, today)) throw new ApiError('booking_closed');
  const parsed = travelDetailsSchema(today).safeParse(input);
  if (!parsed.success) throw new ApiError('validation_failed', { details: toFieldIssues(parsed.error.issues) });
  const details: TravelDetails = parsed.data;
  const [before] = await deps.db
    .select()
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.position, position)));
  const changed = (Object.keys(details) as (keyof TravelDetails)[]).filter((field) => (before?.[field] ?? null) !== details[field]);
  const stamp = deps.now().toISOString();
  const values = { ...details, complete: isTravelDetailsComplete(details), updatedBy: actor.userId, updatedAt: stamp };
  const hasHealth = HEALTH_FIELDS.some((f) => details[f] !== null);
  const [, , saved] = await deps.db.batch([
    deps.db
      .insert(bookingTravellers)
      // New health data after an erasure is data again: the erased mark goes with it.
      .values({ bookingId, position, ...values, healthErasedAt: null })
      .onConflictDoUpdate({
        target: [bookingTravellers.bookingId, bookingTravellers.position],
        set: { ...values, ...(hasHealth ? { healthErasedAt: null } : {}) },
      }),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'travellers.update',
      severity: 'low',
      resourceType: 'booking',
      resourceId: String(bookingId),
      metadata: { position, fields: changed },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
    deps.db.select().from(bookingTravellers).where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.position, position))),
  ]);
  return travellerViews(booking, saved, endDate, { withHealth: true })[position]!;
}
