/**
 * What a booking is billed, what stays owed and what was paid over: each rule once, its TypeScript form beside its
 * SQL form (tests/unit/money-rules.test.ts checks that the two agree on random bookings and ledgers).
 *
 * - Billed: the booking's total + its additional services + its companions' prices (the admin spec's balance rule).
 *   The database keeps it in `bookings.owed_cents` by triggers (migration 0012) whose expression is BILLED_SQL.
 * - Paid: the sum of the booking's ledger rows (refunds negative), kept in `bookings.amount_paid_cents` by the
 *   ledger's batch (./ledger).
 * - Outstanding: what is still to pay, never below 0; a cancelled booking owes nothing more (its cancellation
 *   settled it: the refund and the credit note say what was kept).
 * - Overpaid: what was paid beyond the bill on a booking that is not cancelled (shown, never silently kept).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BookingTotals } from '../../../src/lib/admin/booking-views';
import { sumCents } from '../../../src/lib/money';

export interface BillableBooking {
  totalAmountCents: number | null;
  additionalServices: readonly { priceCents: number }[];
  companions: readonly { customPriceCents: number | null }[];
}

export interface MoneyState {
  status: string;
  billedCents: number;
  paidCents: number;
}

/** Billed, in TypeScript. */
export function billedCents(booking: BillableBooking): number {
  return (booking.totalAmountCents ?? 0) + sumCents(booking.additionalServices.map((s) => s.priceCents)) + sumCents(booking.companions.map((c) => c.customPriceCents));
}

/** Billed, in SQL, over a bookings row named `alias` (or the trigger's `new`). */
export const BILLED_SQL = (alias: string): SQL =>
  sql.raw(`(coalesce(${alias}.total_amount_cents, 0)
    + coalesce((SELECT sum(json_extract(s.value, '$.price_cents')) FROM json_each(${alias}.additional_services) AS s), 0)
    + coalesce((SELECT sum(json_extract(c.value, '$.custom_price_cents')) FROM json_each(${alias}.companions) AS c), 0))`);

/** Outstanding, in TypeScript. */
export function outstandingCents({ status, billedCents, paidCents }: MoneyState): number {
  return status === 'cancelled' ? 0 : Math.max(0, billedCents - paidCents);
}

/** Outstanding, in SQL, over a bookings row named `alias` (billed and paid as the database keeps them). */
export const OUTSTANDING_SQL = (alias: string): SQL =>
  sql.raw(`(CASE WHEN ${alias}.status = 'cancelled' THEN 0 ELSE max(0, ${alias}.owed_cents - coalesce(${alias}.amount_paid_cents, 0)) END)`);

/**
 * "Owes money" as a filter: the same rule as OUTSTANDING_SQL > 0, written so that the partial index
 * bookings_owing_created_idx (migration 0012) serves it.
 */
export const OWES_SQL = (alias: string): SQL =>
  sql.raw(`(${alias}.status <> 'cancelled' AND ${alias}.owed_cents > coalesce(${alias}.amount_paid_cents, 0))`);

/**
 * Whether the bookings row `alias` is in the books: it has a ledger row or an invoice. Such a booking is never
 * hard-deleted (Raamatupidamise seadus § 12 keeps source documents seven years): it is cancelled instead.
 */
export const IN_THE_BOOKS_SQL = (alias: string): SQL =>
  sql.raw(`(EXISTS (SELECT 1 FROM payments AS ip WHERE ip.booking_id = ${alias}.id) OR EXISTS (SELECT 1 FROM invoices AS ii WHERE ii.booking_id = ${alias}.id) OR EXISTS (SELECT 1 FROM online_payment_orders AS io WHERE io.booking_id = ${alias}.id))`);

/** Overpaid, in TypeScript (no SQL form: no list or job filters on it). */
export function overpaidCents({ status, billedCents, paidCents }: MoneyState): number {
  return status === 'cancelled' ? 0 : Math.max(0, paidCents - billedCents);
}

/** The detail's money figures for a booking as its screens show them. */
export function bookingTotals(booking: BillableBooking & { status: string; amountPaidCents: number | null }): BookingTotals {
  const state = { status: booking.status, billedCents: billedCents(booking), paidCents: booking.amountPaidCents ?? 0 };
  return {
    servicesCents: sumCents(booking.additionalServices.map((s) => s.priceCents)),
    companionsCents: sumCents(booking.companions.map((c) => c.customPriceCents)),
    billedCents: state.billedCents,
    paidCents: state.paidCents,
    remainingCents: outstandingCents(state),
    overpaidCents: overpaidCents(state),
  };
}

/** The same figures for a booking as the table stores it (services and companion prices in snake_case JSON). */
export function storedBookingTotals(row: {
  status: string;
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  additionalServices: readonly { price_cents: number }[] | null;
  companions: readonly { custom_price_cents?: number | null }[] | null;
}): BookingTotals {
  return bookingTotals({
    status: row.status,
    totalAmountCents: row.totalAmountCents,
    amountPaidCents: row.amountPaidCents,
    additionalServices: (row.additionalServices ?? []).map((s) => ({ priceCents: s.price_cents })),
    companions: (row.companions ?? []).map((c) => ({ customPriceCents: c.custom_price_cents ?? null })),
  });
}
