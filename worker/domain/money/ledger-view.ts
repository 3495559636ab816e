/**
 * Reading the payments ledger (the writes are ./ledger.ts, its one door): a booking's entries, each with where it
 * came from (a bank statement's transaction, an online order), and their totals. With the booking's detail in the same
 * batch for the answers of the routes that change money (one round trip on the edge, issue 40).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { BookingDetail } from '../../../src/lib/booking-record';
import { tallinnDay } from '../../../src/lib/format';
import type { PaymentEntry, PaymentLedger } from '../../../src/lib/payments';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { bankTransactions, bookings, onlinePaymentOrders, payments, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { detailOf, rowQuery, type LoadedRow } from '../bookings/record';
import { bookingNotFound } from '../not-found';

type Deps = Pick<AppDeps, 'db' | 'now'>;

function entriesQuery({ db }: Pick<AppDeps, 'db'>, bookingId: number) {
  const reversals = sql`(SELECT r.id FROM payments AS r WHERE r.reverses_payment_id = ${payments.id})`;
  return db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      method: payments.method,
      receivedOn: payments.receivedOn,
      reference: payments.reference,
      note: payments.note,
      reversesPaymentId: payments.reversesPaymentId,
      reversedById: sql<number | null>`${reversals}`,
      recordedBy: users.email,
      createdAt: payments.createdAt,
      sourceId: bankTransactions.id,
      sourceStatementId: bankTransactions.statementId,
      sourceBookedOn: bankTransactions.bookedOn,
      sourceName: bankTransactions.counterpartyName,
      sourceAccount: bankTransactions.counterpartyAccount,
      sourceArchiveId: bankTransactions.archiveId,
      onlineProvider: onlinePaymentOrders.provider,
      onlineOrderId: onlinePaymentOrders.providerOrderId,
      onlineMethod: onlinePaymentOrders.providerMethod,
      onlineRefundReview: onlinePaymentOrders.refundReview,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .leftJoin(bankTransactions, eq(bankTransactions.id, payments.bankTransactionId))
    .leftJoin(onlinePaymentOrders, eq(onlinePaymentOrders.id, payments.onlineOrderId))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.receivedOn), asc(payments.id));
}

function ledgerOf(bookingId: number, rows: Awaited<ReturnType<typeof entriesQuery>>): PaymentLedger {
  const items: PaymentEntry[] = rows.map(({ sourceId, sourceStatementId, sourceBookedOn, sourceName, sourceAccount, sourceArchiveId, onlineProvider, onlineOrderId, onlineMethod, onlineRefundReview, ...r }) => ({
    ...r,
    // Paid online (issue "Pay online"): the provider, its order id, and whether the organiser must decide a refund.
    online: onlineProvider === null ? null : { provider: onlineProvider, orderId: onlineOrderId!, method: onlineMethod, refundReview: Boolean(onlineRefundReview) },
    reversedById: r.reversedById === null ? null : Number(r.reversedById),
    bankTransaction:
      sourceId === null
        ? null
        : { id: sourceId, statementId: sourceStatementId!, bookedOn: sourceBookedOn!, counterpartyName: sourceName, counterpartyAccount: sourceAccount, archiveId: sourceArchiveId },
  }));
  const receivedCents = items.filter((i) => i.amountCents > 0).reduce((sum, i) => sum + i.amountCents, 0);
  const refundedCents = items.filter((i) => i.amountCents < 0).reduce((sum, i) => sum + i.amountCents, 0);
  return { referenceNumber: bookingReferenceNumber(bookingId), items, totals: { receivedCents, refundedCents, paidCents: receivedCents + refundedCents } };
}

export async function getLedger(deps: Deps, bookingId: number): Promise<PaymentLedger> {
  const [[booking], rows] = await deps.db.batch([deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)), entriesQuery(deps, bookingId)]);
  if (!booking) throw bookingNotFound();
  return ledgerOf(bookingId, rows);
}

/** What a route that changed money answers: the ledger and the booking's detail. */
export interface MoneyAnswer {
  ledger: PaymentLedger;
  booking: BookingDetail;
}

/** The two reads of a money answer, for the end of the write's own batch (or a batch of their own). */
export function answerReads(deps: Pick<AppDeps, 'db'>, bookingId: number) {
  return [rowQuery(deps, bookingId), entriesQuery(deps, bookingId)] as const;
}

export function answerOf(deps: Pick<AppDeps, 'now'>, bookingId: number, [row, entries]: readonly [LoadedRow[], Awaited<ReturnType<typeof entriesQuery>>]): MoneyAnswer {
  return { ledger: ledgerOf(bookingId, entries), booking: detailOf(row[0], tallinnDay(deps.now())) };
}

/** The ledger and the booking's detail, read together in one batch. */
export async function ledgerWithDetail(deps: Deps, bookingId: number): Promise<MoneyAnswer> {
  return answerOf(deps, bookingId, await deps.db.batch(answerReads(deps, bookingId)));
}
