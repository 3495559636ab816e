/**
 * A gift voucher's balance (issue 38), once in TypeScript and once in SQL (tests/api/gift-vouchers.test.ts keeps the
 * two equal): its amount less what the ledger holds on it. A payment with it counts, a reversal of one gives back;
 * the ledger's voucher door (../money/ledger.ts `voucherRedemption`) checks the SQL form in the INSERT that spends.
 */
import { sql, type SQL } from 'drizzle-orm';

export const voucherBalanceCents = (amountCents: number, ledgerCents: number): number => amountCents - ledgerCents;

/** What the ledger holds on the voucher `alias` (payments with it, less their reversals). */
export const VOUCHER_LEDGER_SQL = (alias: string): SQL =>
  sql.raw(`(SELECT coalesce(sum(vp.amount_cents), 0) FROM payments AS vp WHERE vp.gift_voucher_id = ${alias}.id)`);

export const VOUCHER_BALANCE_SQL = (alias: string): SQL => sql`(${sql.raw(`${alias}.amount_cents`)} - ${VOUCHER_LEDGER_SQL(alias)})`;
