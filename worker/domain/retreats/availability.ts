/**
 * The public editions' availability (GET /api/availability, and the booking request's own checks): an edition takes
 * requests until registration closes, `registrationClosesDaysBefore.min` days before its start (4 in the content
 * file), counted in Europe/Tallinn calendar days; its places left come from its retreat's capacity and the places
 * rule (./places). Computed at request time, so the static booking page is never out of date.
 */
import { inArray, sql } from 'drizzle-orm';
import type { EditionAvailability } from '../../../src/lib/booking/availability';
import { addDays, tallinnDay } from '../../../src/lib/format';
import { REGISTRATION_CLOSES_DAYS_BEFORE, RETREAT_EDITIONS, type RetreatEdition } from '../../../src/lib/retreat-editions';
import { retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { placesTaken } from './places';

/** The day registration for an edition closes: no request is taken on it or after it. */
export function registrationClosesOn(edition: Pick<RetreatEdition, 'startDate'>): string {
  return addDays(edition.startDate, -REGISTRATION_CLOSES_DAYS_BEFORE);
}

export function isRegistrationOpen(edition: Pick<RetreatEdition, 'startDate'>, now: Date): boolean {
  return tallinnDay(now) < registrationClosesOn(edition);
}

export async function editionAvailability(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  editions: readonly RetreatEdition[] = RETREAT_EDITIONS,
): Promise<EditionAvailability[]> {
  const at = now();
  const rows = editions.length
    ? await db
        .select({ edition: retreats.edition, capacity: retreats.capacity, taken: placesTaken(sql`${retreats.id}`) })
        .from(retreats)
        .where(inArray(retreats.edition, editions.map((e) => e.id)))
    : [];
  const byEdition = new Map(rows.map((r) => [r.edition, r]));
  return editions.map((edition) => {
    const retreat = byEdition.get(edition.id);
    const placesLeft = retreat?.capacity == null ? null : Math.max(0, retreat.capacity - Number(retreat.taken));
    return {
      id: edition.id,
      label: edition.label,
      badge: edition.badge,
      startDate: edition.startDate,
      endDate: edition.endDate,
      open: isRegistrationOpen(edition, at),
      closesOn: registrationClosesOn(edition),
      placesLeft,
      full: placesLeft === 0,
    };
  });
}
