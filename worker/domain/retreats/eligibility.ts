/**
 * Which edition a booking may go to (a move, an admin's booking): the one home of the rule.
 * - not started (its first day is after today, Europe/Tallinn) and not over;
 * - not cancelled by its go/no-go;
 * - registration open (it closes its own number of days before the start), unless the organiser overrides that;
 * - the whole party fits in its places, for a booking that holds places (checked again inside the write: ./places).
 * A visitor's request has its own, stricter door (published and on sale: ./availability).
 */
import { eq, sql } from 'drizzle-orm';
import { LIFECYCLE_MESSAGES } from '../../../src/lib/booking-lifecycle';
import { RETREAT_MESSAGES } from '../../../src/lib/retreat-messages';
import { retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { registrationClosesOn } from './availability';
import { placesTaken } from './places';

/** An edition as the rule reads it. */
export interface EditionFacts {
  id: number;
  name: string;
  edition: string | null;
  startDate: string | null;
  endDate: string | null;
  capacity: number | null;
  cancelledAt: string | null;
  registrationClosesDaysBefore: number;
  /** Places its bookings hold now (./places). */
  taken: number;
}

export type EditionRefusal = 'started' | 'cancelled' | 'registration_closed' | 'full';

export const EDITION_COLUMNS = {
  id: retreats.id,
  name: retreats.name,
  edition: retreats.edition,
  startDate: retreats.startDate,
  endDate: retreats.endDate,
  capacity: retreats.capacity,
  cancelledAt: retreats.cancelledAt,
  registrationClosesDaysBefore: retreats.registrationClosesDaysBefore,
  taken: placesTaken(sql`${retreats.id}`),
};

export const editionFactsOf = <T extends { taken: unknown }>(row: T): T & { taken: number } => ({ ...row, taken: Number(row.taken) });

export async function readEdition({ db }: Pick<AppDeps, 'db'>, retreatId: number): Promise<EditionFacts | null> {
  const [row] = await db.select(EDITION_COLUMNS).from(retreats).where(eq(retreats.id, retreatId));
  return row ? editionFactsOf(row) : null;
}

/** Places left on the edition; null: not limited. */
export const placesLeft = (e: Pick<EditionFacts, 'capacity' | 'taken'>): number | null => (e.capacity === null ? null : Math.max(0, e.capacity - e.taken));

/**
 * Why a party may not go to the edition, or null when it may. `people` is the party's size when it would hold places
 * there (a waiting-list party holds none); `overrideRegistration`: the organiser chose to go past registration close.
 */
export function editionRefusal(e: EditionFacts, { today, people, overrideRegistration = false }: { today: string; people: number; overrideRegistration?: boolean }): EditionRefusal | null {
  if (e.cancelledAt) return 'cancelled';
  if (e.startDate !== null && e.startDate <= today) return 'started';
  if (e.endDate !== null && e.endDate < today) return 'started';
  if (!overrideRegistration && e.startDate !== null && today >= registrationClosesOn(e.startDate, e.registrationClosesDaysBefore)) return 'registration_closed';
  const left = placesLeft(e);
  if (people > 0 && left !== null && people > left) return 'full';
  return null;
}

/** The refusal as the API answers it, under the field that chose the edition. */
export function editionRefusalError(refusal: EditionRefusal, e: Pick<EditionFacts, 'capacity' | 'taken'>, people: number, path = 'retreatId'): ApiError {
  if (refusal === 'full') return new ApiError('retreat_full', { message: RETREAT_MESSAGES.placesLeft(placesLeft(e) ?? 0, people) });
  const message = { started: LIFECYCLE_MESSAGES.editionStarted, cancelled: RETREAT_MESSAGES.cancelledEdition, registration_closed: LIFECYCLE_MESSAGES.registrationClosed }[refusal];
  return new ApiError('validation_failed', { details: [{ path, message }] });
}
