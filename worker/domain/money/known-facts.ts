/**
 * A booking's schedule facts as this database client last read them (issue 40): an admin records a payment from the
 * booking's page, whose detail has just read them, so the payment's batch is its only round trip to the database on
 * the edge. Nothing stale can reach a ledger row: the row is written only while the booking still has exactly these
 * stored values (`FACTS_UNCHANGED_SQL`, checked by the INSERT itself), else the batch refuses itself and the ledger
 * reads them again (./ledger.ts). Per client (an app's, a Worker isolate's), at most KNOWN_MAX bookings.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PaymentPlan } from '../../../src/lib/payment-plans';
import { bookings, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { START_DATE_SQL } from '../bookings/days';

/** The stored values a booking's schedule facts come from (scheduleFactsOf in ./ledger.ts). */
export interface FactColumns {
  createdAt: string;
  scheduleStartsAt: string | null;
  startDate: string | null;
  paymentPlan: PaymentPlan | null;
  advanceCents: number | null;
}

/** Those columns, from `bookings` left-joined with its retreat. */
export const SCHEDULE_FACT_COLUMNS = { createdAt: bookings.createdAt, scheduleStartsAt: bookings.scheduleStartsAt, startDate: START_DATE_SQL, paymentPlan: bookings.paymentPlan, advanceCents: bookings.advanceCents };

/** The fact columns of a booking row read with its retreat (START_DATE_SQL's rule: the retreat's first day, else the booking's check-in). */
export const factColumnsOf = ({ booking: b, retreat }: { booking: Omit<FactColumns, 'startDate'> & { checkInDate: string | null }; retreat: { startDate: string | null } | null }): FactColumns => ({
  createdAt: b.createdAt,
  scheduleStartsAt: b.scheduleStartsAt,
  startDate: retreat?.startDate ?? b.checkInDate,
  paymentPlan: b.paymentPlan,
  advanceCents: b.advanceCents,
});

const KNOWN_MAX = 500;
const known = new WeakMap<object, Map<number, FactColumns>>();

export function rememberFacts({ db }: Pick<AppDeps, 'db'>, bookingId: number, columns: FactColumns) {
  let byBooking = known.get(db);
  if (!byBooking) known.set(db, (byBooking = new Map()));
  byBooking.delete(bookingId);
  byBooking.set(bookingId, columns);
  // Insertion order is age: the oldest goes first.
  if (byBooking.size > KNOWN_MAX) byBooking.delete(byBooking.keys().next().value!);
}

export function forgetFacts({ db }: Pick<AppDeps, 'db'>, bookingId: number) {
  known.get(db)?.delete(bookingId);
}

/** The booking's fact columns as stored now; null when there is no such booking. */
export async function readFactColumns({ db }: Pick<AppDeps, 'db'>, bookingId: number): Promise<FactColumns | null> {
  const [row] = await db.select(SCHEDULE_FACT_COLUMNS).from(bookings).leftJoin(retreats, eq(retreats.id, bookings.retreatId)).where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** The booking's fact columns as last read here, or read now (then remembered); null when there is no such booking. */
export async function factColumns(deps: Pick<AppDeps, 'db'>, bookingId: number): Promise<FactColumns | null> {
  const remembered = known.get(deps.db)?.get(bookingId);
  if (remembered) return remembered;
  const row = await readFactColumns(deps, bookingId);
  if (row) rememberFacts(deps, bookingId, row);
  return row;
}

/** True in SQL while the booking still stores exactly `columns`. */
export const FACTS_UNCHANGED_SQL = (bookingId: number, columns: FactColumns): SQL =>
  sql`EXISTS (SELECT 1 FROM ${bookings} LEFT JOIN ${retreats} ON ${retreats.id} = ${bookings.retreatId} WHERE ${and(
    eq(bookings.id, bookingId),
    eq(bookings.createdAt, columns.createdAt),
    sql`${bookings.scheduleStartsAt} IS ${columns.scheduleStartsAt}`,
    sql`${START_DATE_SQL} IS ${columns.startDate}`,
    sql`${bookings.paymentPlan} IS ${columns.paymentPlan}`,
    sql`${bookings.advanceCents} IS ${columns.advanceCents}`,
  )})`;
