/**
 * The payments ledger (issue "Back office II"; DESIGN: money is a ledger). Recording a payment, a refund or a
 * reversal is one batch: the ledger row (written only if the booking exists and what stays paid would not go below
 * zero), the booking's amounts and payment status derived again from every row, and the audit record. The last two
 * run only when the row went in (`changes()`), so a refused entry changes nothing at all.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { bookingNotFound } from '../bookings/record';
import type { PaymentEntry, PaymentLedger, PaymentValues } from '../../../src/lib/admin/payments';
import { PAYMENT_MESSAGES } from '../../../src/lib/admin/payments';
import { formatMoney, tallinnDay } from '../../../src/lib/format';
import type { PaymentPlan } from '../../../src/lib/payment-plans';
import { ADVANCE_CENTS } from '../../../src/lib/payment-rules';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { bankTransactions, bookings, onlinePaymentOrders, payments, retreats, users } from '../../db/schema';
import { START_DATE_SQL } from '../bookings/days';
import { bookedOnOf, DEPOSIT_SQL, PAYMENT_STATUS_SQL } from './schedule';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { auditIfChanged } from '../audit';
import type { Actor } from '../actor';
import type { AuditAction } from '../../../src/lib/enums';

type Deps = Pick<AppDeps, 'db' | 'now'>;


/** What a booking is billed, as the database keeps it (BILLED_SQL, by triggers). */
const BILLED = sql.raw('bookings.owed_cents');

/** What the schedule of a booking hangs on: the day it was made, its retreat's first day, its plan and advance. */
export interface ScheduleFacts {
  bookedOn: string;
  startDate: string | null;
  plan: PaymentPlan | null;
  advanceCents: number;
}

/** The schedule facts of a booking already read (its start day as the booking's days rule gives it). */
export const scheduleFactsOf = (b: { createdAt: string; startDate: string | null; paymentPlan: PaymentPlan | null; advanceCents: number | null }): ScheduleFacts => ({
  bookedOn: bookedOnOf(b.createdAt),
  startDate: b.startDate,
  plan: b.paymentPlan,
  advanceCents: b.advanceCents ?? ADVANCE_CENTS,
});

/** The booking's schedule facts, or null when there is no such booking. */
export async function scheduleFacts({ db }: Pick<AppDeps, 'db'>, bookingId: number): Promise<ScheduleFacts | null> {
  const [row] = await db
    .select({ createdAt: bookings.createdAt, startDate: START_DATE_SQL, paymentPlan: bookings.paymentPlan, advanceCents: bookings.advanceCents })
    .from(bookings)
    .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
    .where(eq(bookings.id, bookingId));
  return row ? scheduleFactsOf(row) : null;
}

/**
 * The booking's payment fields from its ledger, for the batch that just wrote a row (only if it did): amount paid;
 * deposit paid once the advance is in; balance paid once nothing is owed; the payment status the money module
 * derives (pending, partial, paid, or overdue when a part of the schedule is past its day), so a payment or a
 * reversal never sets an overdue booking back to "Ootel". A statement import, whose batch writes many rows before it
 * derives, asks for it `always`.
 */
export function deriveFromLedger(deps: Deps, bookingId: number, facts: ScheduleFacts, when: 'changed' | 'always' = 'changed') {
  const paid = sql.raw('p.paid');
  const status = PAYMENT_STATUS_SQL({ ...facts, today: tallinnDay(deps.now()), owed: BILLED, paid });
  return deps.db.run(sql`
    UPDATE bookings SET
      amount_paid_cents = p.paid,
      deposit_paid = p.paid > 0 AND p.paid >= ${DEPOSIT_SQL({ ...facts, owed: BILLED })},
      balance_paid = p.paid > 0 AND ${BILLED} - p.paid <= 0,
      payment_status = ${status},
      version = version + 1,
      updated_at = ${deps.now().toISOString()}
    FROM (SELECT coalesce(sum(amount_cents), 0) AS paid FROM payments WHERE booking_id = ${bookingId}) AS p
    WHERE bookings.id = ${bookingId} AND ${when === 'always' ? sql`1` : sql`changes() > 0`}`);
}

/** What a booking's ledger holds: the sum of its payments (refunds are negative). `bookingId` may be a column. */
export const paidSoFar = (bookingId: number | SQL) => sql<number>`(SELECT coalesce(sum(amount_cents), 0) FROM payments WHERE booking_id = ${bookingId})`;

export async function getLedger({ db }: Deps, bookingId: number): Promise<PaymentLedger> {
  const reversals = sql`(SELECT r.id FROM payments AS r WHERE r.reverses_payment_id = ${payments.id})`;
  const [[booking], rows] = await db.batch([
    db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)),
    db
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
      .orderBy(asc(payments.receivedOn), asc(payments.id)),
  ]);
  if (!booking) throw bookingNotFound();
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

interface Entry {
  amountCents: number;
  /** A payment beyond what is owed was confirmed by the admin. */
  overpayment?: boolean;
  method: string;
  receivedOn: string;
  reference: string | null;
  note: string | null;
  reversesPaymentId: number | null;
}

/** The batch for one ledger row; answers the new row's id, or why nothing was written. */
async function writeEntry(deps: Deps, bookingId: number, entry: Entry, actor: Actor, action: AuditAction): Promise<number> {
  const { db } = deps;
  const stamp = deps.now().toISOString();
  const facts = await scheduleFacts(deps, bookingId);
  if (!facts) throw bookingNotFound();
  // Inside the INSERT, so that what it checks is what it writes on: money comes in only on a booking that is not
  // cancelled, and beyond what is owed only when confirmed; what stays paid never goes below zero.
  const moneyIn = entry.amountCents > 0;
  const mayTake = moneyIn
    ? sql`b.status <> 'cancelled' AND (${entry.overpayment ? 1 : 0} = 1 OR b.owed_cents - ${paidSoFar(bookingId)} >= ${entry.amountCents})`
    : sql`1`;
  const [inserted] = await db.batch([
    db.all<{ id: number }>(sql`
      INSERT INTO ${payments} (booking_id, amount_cents, method, received_on, reference, note, reverses_payment_id, recorded_by, created_at)
      SELECT ${bookingId}, ${entry.amountCents}, ${entry.method}, ${entry.receivedOn}, ${entry.reference}, ${entry.note}, ${entry.reversesPaymentId}, ${actor.userId}, ${stamp}
      WHERE EXISTS (SELECT 1 FROM ${bookings} AS b WHERE b.id = ${bookingId} AND ${mayTake}) AND ${paidSoFar(bookingId)} + ${entry.amountCents} >= 0
      RETURNING id`),
    deriveFromLedger(deps, bookingId, facts),
    auditIfChanged(deps, {
      userId: actor.userId,
      action,
      severity: 'high',
      resourceType: 'booking',
      resourceId: String(bookingId),
      metadata: { amountCents: entry.amountCents, overpayment: entry.overpayment || undefined, method: entry.method, receivedOn: entry.receivedOn, reference: entry.reference, reversesPaymentId: entry.reversesPaymentId },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  ]);
  const id = (inserted as { id: number }[])[0]?.id;
  if (id !== undefined) return id;
  // Nothing was written: say why.
  const [now] = await db.select({ status: bookings.status, owed: bookings.owedCents, paid: paidSoFar(bookingId) }).from(bookings).where(eq(bookings.id, bookingId));
  if (!now) throw bookingNotFound();
  if (moneyIn && now.status === 'cancelled') throw new ApiError('booking_cancelled');
  if (moneyIn && !entry.overpayment && Number(now.owed) - Number(now.paid) < entry.amountCents) {
    throw new ApiError('overpayment_unconfirmed', { details: [{ path: 'amount', message: PAYMENT_MESSAGES.stillOpen(formatMoney(Math.max(0, Number(now.owed) - Number(now.paid)))) }] });
  }
  if (entry.reversesPaymentId !== null && (await isReversed(deps, entry.reversesPaymentId))) throw new ApiError('payment_already_reversed');
  throw new ApiError('validation_failed', { details: [{ path: 'amount', message: PAYMENT_MESSAGES.refundExceedsPaid }] });
}

/** A payment (money in) or a refund (money out, at most what stays paid). */
export async function recordPayment(deps: Deps, bookingId: number, input: PaymentValues, actor: Actor): Promise<number> {
  if (input.receivedOn > tallinnDay(deps.now())) {
    throw new ApiError('validation_failed', { details: [{ path: 'receivedOn', message: PAYMENT_MESSAGES.futureDay }] });
  }
  const amountCents = input.kind === 'refund' ? -input.amount : input.amount;
  return writeEntry(deps, bookingId, { amountCents, overpayment: input.overpayment, method: input.method, receivedOn: input.receivedOn, reference: input.reference, note: input.note, reversesPaymentId: null }, actor, input.kind === 'refund' ? 'payment.refund' : 'payment.record');
}

async function isReversed({ db }: Deps, paymentId: number): Promise<boolean> {
  const [reversal] = await db.select({ id: payments.id }).from(payments).where(eq(payments.reversesPaymentId, paymentId));
  return reversal !== undefined;
}

/** Corrects a mistaken entry by its opposite, today; an entry is reversed once, and a reversal is not reversed. */
export async function reversePayment(deps: Deps, bookingId: number, paymentId: number, note: string | null, actor: Actor): Promise<number> {
  const [original] = await deps.db
    .select({ amountCents: payments.amountCents, method: payments.method, reference: payments.reference, reversesPaymentId: payments.reversesPaymentId })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.bookingId, bookingId)));
  if (!original) throw new ApiError('not_found', { message: 'Makset ei leitud' });
  if (original.reversesPaymentId !== null) throw new ApiError('payment_not_reversible');
  if (await isReversed(deps, paymentId)) throw new ApiError('payment_already_reversed');
  try {
    return await writeEntry(
      deps,
      bookingId,
      // A reversal puts the ledger back as it was before the entry: never an overpayment to confirm.
      { amountCents: -original.amountCents, overpayment: true, method: original.method, receivedOn: tallinnDay(deps.now()), reference: original.reference, note, reversesPaymentId: paymentId },
      actor,
      'payment.reverse',
    );
  } catch (err) {
    // The unique index on reverses_payment_id: someone reversed it first (or a second click got here).
    for (let e: unknown = err; e instanceof Error; e = e.cause) {
      if (/UNIQUE constraint failed: payments\.reverses_payment_id/.test(e.message)) throw new ApiError('payment_already_reversed');
    }
    throw err;
  }
}
