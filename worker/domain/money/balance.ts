/**
 * A booking's money questions, each answered once, its TypeScript form beside its SQL form
 * (tests/api/money-rules.test.ts checks that the two agree on random bookings and ledgers):
 *
 * - Price: the booking's total + its additional services + its companions' prices (the admin spec's balance rule).
 *   The database keeps it in `bookings.owed_cents` by triggers (migration 0012) whose expression is PRICE_SQL.
 * - Paid: the sum of the booking's ledger rows (refunds negative), kept in `bookings.amount_paid_cents` by the
 *   ledger's batch (./ledger).
 * - Billed: what the booking is asked to pay in its state (../bookings/states.ts): its price while it holds its
 *   places; nothing while it waits on the waiting list; what its cancellation kept once cancelled.
 * - Outstanding (owes): what is still to pay of a billed price, never below 0; a waiting-list or cancelled booking
 *   owes nothing.
 * - Refund owed: what the ledger holds beyond what the booking is billed (an overpayment, money paid while on the
 *   waiting list, money that came in after the cancellation): to go back to the guest.
 * - Overpaid: the refund owed of a booking that holds its places (paid beyond its price): "Enammakse".
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BookingTotals } from '../../../src/lib/booking-record';
import { sumCents } from '../../../src/lib/money';
import { bookings } from '../../db/schema';
import { IN_STATES_SQL, IS_BILLED_SQL, isBilled, stateOf, TAKES_PLACE_SQL, takesPlace, type StateRow } from '../bookings/states';

export interface BillableBooking {
  totalAmountCents: number | null;
  additionalServices: readonly { priceCents: number }[];
  companions: readonly { customPriceCents: number | null }[];
}

/** A booking's money as the rules read it: its state, its price (owed_cents), its ledger, what a cancellation kept. */
export interface MoneyRow extends StateRow {
  priceCents: number;
  paidCents: number;
  /** Set by the cancellation (the ledger's sum after its refund); null before. */
  keptCents: number | null;
}

// ── price ───────────────────────────────────────────────────────────────────────────────────────────────────────

export function priceCents(booking: BillableBooking): number {
  return (booking.totalAmountCents ?? 0) + sumCents(booking.additionalServices.map((s) => s.priceCents)) + sumCents(booking.companions.map((c) => c.customPriceCents));
}

/** The price in SQL, over a bookings row named `alias` (or the trigger's `new`). */
export const PRICE_SQL = (alias: string): SQL =>
  sql.raw(`(coalesce(${alias}.total_amount_cents, 0)
    + coalesce((SELECT sum(json_extract(s.value, '$.price_cents')) FROM json_each(${alias}.additional_services) AS s), 0)
    + coalesce((SELECT sum(json_extract(c.value, '$.custom_price_cents')) FROM json_each(${alias}.companions) AS c), 0))`);

const PAID = (alias: string) => `coalesce(${alias}.amount_paid_cents, 0)`;

// ── billed ──────────────────────────────────────────────────────────────────────────────────────────────────────

export function billedCents(m: MoneyRow): number {
  if (isBilled(m)) return m.priceCents;
  return stateOf(m) === 'cancelled' ? (m.keptCents ?? m.paidCents) : 0;
}

/** Billed in SQL; a cancelled booking from before `kept_cents` kept what its ledger holds. */
export const BILLED_SQL = (alias: string): SQL =>
  sql`(CASE WHEN ${IS_BILLED_SQL(alias)} THEN ${sql.raw(`${alias}.owed_cents`)} WHEN ${IN_STATES_SQL(alias, ['cancelled'])} THEN ${sql.raw(`coalesce(${alias}.kept_cents, ${PAID(alias)})`)} ELSE 0 END)`;

// ── outstanding, owes ───────────────────────────────────────────────────────────────────────────────────────────

export function outstandingCents(m: MoneyRow): number {
  return isBilled(m) ? Math.max(0, m.priceCents - m.paidCents) : 0;
}

export const OUTSTANDING_SQL = (alias: string): SQL =>
  sql`(CASE WHEN ${IS_BILLED_SQL(alias)} THEN max(0, ${sql.raw(`${alias}.owed_cents - ${PAID(alias)}`)}) ELSE 0 END)`;

/**
 * "Owes money" as a filter: the same rule as OUTSTANDING_SQL > 0, written term for term as the partial index
 * bookings_owing_created_idx (migration 0028) is, so that the index serves it.
 */
export const OWES_SQL = (alias: string): SQL => sql`(${IS_BILLED_SQL(alias)} AND ${sql.raw(`${alias}.owed_cents > ${PAID(alias)}`)})`;

// ── refund owed, overpaid ───────────────────────────────────────────────────────────────────────────────────────

export function refundOwedCents(m: MoneyRow): number {
  return Math.max(0, m.paidCents - billedCents(m));
}

export const REFUND_OWED_SQL = (alias: string): SQL => sql`max(0, ${sql.raw(PAID(alias))} - ${BILLED_SQL(alias)})`;

/** "Refund owed" as a filter ("Tagastada"). */
export const REFUND_OWED_FILTER_SQL = (alias: string): SQL => sql`(${sql.raw(PAID(alias))} > ${BILLED_SQL(alias)})`;

export function overpaidCents(m: MoneyRow): number {
  return takesPlace(m) ? Math.max(0, m.paidCents - m.priceCents) : 0;
}

export const OVERPAID_SQL = (alias: string): SQL => sql`(CASE WHEN ${TAKES_PLACE_SQL(alias)} THEN max(0, ${sql.raw(`${PAID(alias)} - ${alias}.owed_cents`)}) ELSE 0 END)`;

// ── in the books ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether the bookings row `alias` is in the books: it has a ledger row or an invoice. Such a booking is never
 * hard-deleted (Raamatupidamise seadus § 12 keeps source documents seven years): it is cancelled instead.
 */
export const IN_THE_BOOKS_SQL = (alias: string): SQL =>
  sql.raw(`(EXISTS (SELECT 1 FROM payments AS ip WHERE ip.booking_id = ${alias}.id) OR EXISTS (SELECT 1 FROM invoices AS ii WHERE ii.booking_id = ${alias}.id) OR EXISTS (SELECT 1 FROM online_payment_orders AS io WHERE io.booking_id = ${alias}.id))`);

// ── the figures the screens show ────────────────────────────────────────────────────────────────────────────────

/** The columns every list and export reads for a booking's money (moneyRowOf, storedBookingTotals). */
export const MONEY_COLUMNS = {
  status: bookings.status,
  waitingList: bookings.waitingList,
  owedCents: bookings.owedCents,
  amountPaidCents: bookings.amountPaidCents,
  keptCents: bookings.keptCents,
  totalAmountCents: bookings.totalAmountCents,
  additionalServices: bookings.additionalServices,
  companions: bookings.companions,
};

/** A row as the table stores it, for MoneyRow. */
export interface StoredMoney {
  status: string;
  waitingList: boolean | number | null;
  owedCents: number;
  amountPaidCents: number | null;
  keptCents: number | null;
}

export const moneyRowOf = (b: StoredMoney): MoneyRow => ({ status: b.status, waitingList: b.waitingList, priceCents: b.owedCents, paidCents: b.amountPaidCents ?? 0, keptCents: b.keptCents });

/** The detail's money figures for a booking as its screens show them. */
export function bookingTotals(booking: BillableBooking & StateRow & { amountPaidCents: number | null; keptCents: number | null }): BookingTotals {
  const m: MoneyRow = { status: booking.status, waitingList: booking.waitingList, priceCents: priceCents(booking), paidCents: booking.amountPaidCents ?? 0, keptCents: booking.keptCents };
  return {
    servicesCents: sumCents(booking.additionalServices.map((s) => s.priceCents)),
    companionsCents: sumCents(booking.companions.map((c) => c.customPriceCents)),
    priceCents: m.priceCents,
    billedCents: billedCents(m),
    paidCents: m.paidCents,
    remainingCents: outstandingCents(m),
    overpaidCents: overpaidCents(m),
    refundOwedCents: refundOwedCents(m),
  };
}

/** The same figures for a booking as the table stores it (services and companion prices in snake_case JSON). */
export function storedBookingTotals(row: StateRow & {
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  keptCents: number | null;
  additionalServices: readonly { price_cents: number }[] | null;
  companions: readonly { custom_price_cents?: number | null }[] | null;
}): BookingTotals {
  return bookingTotals({
    ...row,
    additionalServices: (row.additionalServices ?? []).map((s) => ({ priceCents: s.price_cents })),
    companions: (row.companions ?? []).map((c) => ({ customPriceCents: c.custom_price_cents ?? null })),
  });
}
