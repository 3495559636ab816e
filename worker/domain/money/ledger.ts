/**
 * The payments ledger's one door (DESIGN: money has one door). Every ledger row is written here — a payment or a
 * refund an admin types, the reversal of an entry, a bank statement's matches, a bank transaction an admin assigns,
 * an online payment, a cancellation's refund (a booking's or its edition's) — each as statements for its caller's
 * batch: the row (written only where its guard holds), its audit record, and the booking's money fields derived
 * again from every row it has. Nothing else inserts into `payments` (tests/unit/lifecycle-home.test.ts reads the
 * source for it).
 *
 * The derived fields (amount paid, deposit and balance paid, payment status) are written, and the version bumped,
 * only when one of them changes: a replayed notification or a row that was not written leaves the booking as the
 * admin has it open.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { bookingNotFound, paymentNotFound } from '../not-found';
import { PAYMENT_MESSAGES, type PaymentValues } from '../../../src/lib/payments';
import { TRANSITIONS } from '../../../src/lib/booking-lifecycle';
import { formatMoney, tallinnDay } from '../../../src/lib/format';
import type { PaymentMethod } from '../../../src/lib/enums';
import type { PaymentPlan } from '../../../src/lib/payment-plans';
import { ADVANCE_CENTS } from '../../../src/lib/payment-rules';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { chunks } from '../../db/chunks';
import { bankTransactions, bookings, payments } from '../../db/schema';
import { IN_STATES_SQL } from '../bookings/states';
import { bookedOnOf, DEPOSIT_SQL, PAYMENT_STATUS_SQL } from './schedule';
import { OUTSTANDING_SQL } from './balance';
import { VOUCHER_BALANCE_SQL } from '../vouchers/balance';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { auditIfChanged } from '../audit';
import type { Actor } from '../actor';
import { batchWithSessionCheck, type SessionCheck } from '../auth/session-check';
import type { AuditAction } from '../../../src/lib/enums';
import { failedWith } from '../../db/failures';
import { answerOf, answerReads, type MoneyAnswer } from './ledger-view';
import { factColumns, FACTS_UNCHANGED_SQL, forgetFacts, readFactColumns } from './known-facts';

type Deps = Pick<AppDeps, 'db' | 'now'>;
/** A statement for a caller's batch. */
type Statement = ReturnType<Deps['db']['run']>;

// ── what the derived fields hang on ─────────────────────────────────────────────────────────────────────────────

/** What the schedule of a booking hangs on: the day it was made, its retreat's first day, its plan and advance. */
export interface ScheduleFacts {
  bookedOn: string;
  startDate: string | null;
  plan: PaymentPlan | null;
  advanceCents: number;
}

/** The schedule facts of a booking already read (its start day as the booking's days rule gives it). */
export const scheduleFactsOf = (b: { createdAt: string; scheduleStartsAt: string | null; startDate: string | null; paymentPlan: PaymentPlan | null; advanceCents: number | null }): ScheduleFacts => ({
  bookedOn: bookedOnOf(b),
  startDate: b.startDate,
  plan: b.paymentPlan,
  advanceCents: b.advanceCents ?? ADVANCE_CENTS,
});

/** The booking's schedule facts as stored now, or null when there is no such booking. */
export async function scheduleFacts(deps: Pick<AppDeps, 'db'>, bookingId: number): Promise<ScheduleFacts | null> {
  const row = await readFactColumns(deps, bookingId);
  return row ? scheduleFactsOf(row) : null;
}

/** What a booking's ledger holds: the sum of its payments (refunds are negative). `bookingId` may be a column. */
export const paidSoFar = (bookingId: number | SQL) => sql<number>`(SELECT coalesce(sum(amount_cents), 0) FROM payments WHERE booking_id = ${bookingId})`;

// ── the derived fields ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The booking's money fields from its ledger, on the facts given (a move or a plan change passes the new ones): the
 * amount paid; the deposit paid once the schedule's first part is in; the balance paid once the price is; the payment
 * status the money module derives (../money/schedule.ts), in the booking's state as the batch has left it. Written,
 * and the version bumped, only when one of them differs from what is stored, and only where `when` holds: the change
 * that asked for it happened (a refused change leaves the booking exactly as it was).
 */
export function deriveMoney(deps: Deps, bookingId: number, facts: ScheduleFacts, when: SQL = sql`1`, options: { keepPaymentStatus?: boolean } = {}): Statement {
  const price = sql.raw('bookings.owed_cents');
  const paid = sql.raw('p.paid');
  const derived = {
    amount_paid_cents: paid,
    deposit_paid: sql`(${paid} > 0 AND ${paid} >= ${DEPOSIT_SQL({ ...facts, owed: price })})`,
    balance_paid: sql`(${paid} > 0 AND ${price} - ${paid} <= 0)`,
    // The admin spec's edit dialog sets a payment status by hand; it stands until the next money movement.
    ...(options.keepPaymentStatus ? {} : { payment_status: PAYMENT_STATUS_SQL({ ...facts, today: tallinnDay(deps.now()), owed: price, paid, alias: 'bookings' }) }),
  };
  const columns = Object.entries(derived);
  // A booking nothing was ever paid on shows 0 paid whether its column holds NULL or 0: not a change to write.
  const stored = (column: string) => sql.raw(column === 'amount_paid_cents' ? 'coalesce(bookings.amount_paid_cents, 0)' : `bookings.${column}`);
  return deps.db.run(sql`
    UPDATE bookings SET ${sql.join(columns.map(([column, value]) => sql`${sql.raw(column)} = ${value}`), sql`, `)},
      version = version + 1, updated_at = ${deps.now().toISOString()}
    FROM (SELECT coalesce(sum(amount_cents), 0) AS paid FROM payments WHERE booking_id = ${bookingId}) AS p
    WHERE bookings.id = ${bookingId} AND (${when}) AND (${sql.join(columns.map(([column, value]) => sql`${stored(column)} IS NOT ${value}`), sql` OR `)})`);
}

/** For a transition's batch: the derivation runs only if the transition's UPDATE gave the booking this version. */
export const afterVersion = (version: number): SQL => sql`bookings.version = ${version + 1}`;

// ── writing rows ────────────────────────────────────────────────────────────────────────────────────────────────

/** One ledger row. Amounts are cents, negative for money out; SQL where the value comes from another row. */
export interface LedgerRow {
  bookingId: number;
  amountCents: number | SQL;
  method: PaymentMethod | SQL;
  receivedOn: string | SQL;
  reference: string | null | SQL;
  note?: string | null;
  reversesPaymentId?: number | null;
  bankTransactionId?: number | SQL | null;
  onlineOrderId?: number | null;
  /** Paid with a gift voucher (issue 38): the voucher, on its payment and on the payment's reversal. */
  giftVoucherId?: number | null;
  recordedBy: string | null;
}

interface InsertOptions {
  /** The whole insert is written only where this holds (a guard checked by the statement that writes). */
  when?: SQL;
  /** A row whose condition fails aborts the caller's whole batch (its amount becomes NULL, which the column refuses). */
  abortUnless?: (row: LedgerRow) => SQL;
  /** A row the unique indexes already hold is skipped (a replayed online payment). */
  orIgnore?: boolean;
}

/** The INSERT of ledger rows; answers the new rows' ids. */
function insertRows(deps: Deps, rows: LedgerRow[], options: InsertOptions = {}) {
  const stamp = deps.now().toISOString();
  const selects = rows.map((r) => {
    const amount = options.abortUnless ? sql`CASE WHEN ${options.abortUnless(r)} THEN ${r.amountCents} END` : r.amountCents;
    return sql`SELECT ${r.bookingId}, ${amount}, ${r.method}, ${r.receivedOn}, ${r.reference}, ${r.note ?? null}, ${r.reversesPaymentId ?? null}, ${r.recordedBy}, ${stamp}, ${r.bankTransactionId ?? null}, ${r.onlineOrderId ?? null}, ${r.giftVoucherId ?? null}`;
  });
  return deps.db.all<{ id: number }>(sql`
    INSERT ${options.orIgnore ? sql`OR IGNORE ` : sql``}INTO ${payments} (booking_id, amount_cents, method, received_on, reference, note, reverses_payment_id, recorded_by, created_at, bank_transaction_id, online_order_id, gift_voucher_id)
    SELECT * FROM (${sql.join(selects, sql` UNION ALL `)}) WHERE ${options.when ?? sql`1`}
    RETURNING id`);
}

/**
 * The ledger's statements for one row: the row; the derived fields, only if it went in (a row always changes the
 * amount paid, so the derivation then changes the booking); its audit record, only then.
 */
function oneRow(deps: Deps, row: LedgerRow, facts: ScheduleFacts, audit: { actor: Actor | null; action: AuditAction; metadata: Record<string, unknown> }, options: InsertOptions = {}) {
  return [
    insertRows(deps, [row], options),
    deriveMoney(deps, row.bookingId, facts, sql`changes() > 0`),
    auditIfChanged(deps, {
      actor: audit.actor,
      userId: null,
      action: audit.action,
      severity: 'high',
      resourceType: 'booking',
      resourceId: String(row.bookingId),
      metadata: audit.metadata,
    }),
  ] as const;
}

// ── a payment or refund typed by an admin, and the reversal of an entry ─────────────────────────────────────────

interface TypedEntry {
  amountCents: number;
  /** A payment beyond what is owed was confirmed by the admin. */
  overpayment?: boolean;
  method: PaymentMethod;
  receivedOn: string;
  reference: string | null;
  note: string | null;
  reversesPaymentId: number | null;
  /** A reversal of a voucher's payment gives the money back to the voucher. */
  giftVoucherId?: number | null;
}

/** A typed row written: its id, and the ledger and detail read after it in the same batch (the route's answer). */
export type TypedWrite = MoneyAnswer & { paymentId: number };

/**
 * The batch for one typed row, with the answer's reads at its end (one round trip on the edge, issue 40); answers
 * the new row's id and those reads, or says why nothing was written.
 */
async function writeTyped(deps: Deps, bookingId: number, entry: TypedEntry, actor: Actor | null, action: AuditAction, sessionCheck?: SessionCheck, tries = 2): Promise<TypedWrite> {
  // As the booking's page read them, usually (no read of its own); the row goes in only while they still hold.
  const columns = await factColumns(deps, bookingId);
  if (!columns) throw bookingNotFound();
  const facts = scheduleFactsOf(columns);
  // Inside the INSERT, so that what it checks is what it writes on: money comes in only in a state that takes it
  // (the lifecycle's table), and beyond what is owed only when confirmed; what stays paid never goes below zero.
  const moneyIn = entry.amountCents > 0;
  const mayTake = moneyIn
    ? sql`${IN_STATES_SQL('b', TRANSITIONS.takePayment)} AND (${entry.overpayment ? 1 : 0} = 1 OR ${OUTSTANDING_SQL('b')} >= ${entry.amountCents})`
    : sql`1`;
  const guard = sql`EXISTS (SELECT 1 FROM ${bookings} AS b WHERE b.id = ${bookingId} AND ${mayTake}) AND ${paidSoFar(bookingId)} + ${entry.amountCents} >= 0`;
  const { overpayment, ...rest } = entry;
  const results = await batchWithSessionCheck(deps, sessionCheck, [
    ...oneRow(
      deps,
      { ...rest, bookingId, recordedBy: actor?.userId ?? null },
      facts,
      { actor, action, metadata: { amountCents: entry.amountCents, overpayment: overpayment || undefined, method: entry.method, receivedOn: entry.receivedOn, reference: entry.reference, reversesPaymentId: entry.reversesPaymentId } },
      { when: guard, abortUnless: () => FACTS_UNCHANGED_SQL(bookingId, columns) },
    ),
    ...answerReads(deps, bookingId),
  ]).catch((err: unknown) => {
    if (!failedWith(err, /NOT NULL constraint failed: payments\.amount_cents/)) throw err;
    // The facts changed since they were read (a move, a plan change): read them again and write on those.
    forgetFacts(deps, bookingId);
    if (tries <= 1) throw new ApiError('booking_changed');
    return null;
  });
  if (results === null) return writeTyped(deps, bookingId, entry, actor, action, sessionCheck, tries - 1);
  const [inserted, , , row, entries] = results;
  const id = inserted[0]?.id;
  if (id !== undefined) return { paymentId: id, ...answerOf(deps, bookingId, [row, entries]) };
  throw await whyNotWritten(deps, bookingId, entry);
}

async function whyNotWritten(deps: Deps, bookingId: number, entry: TypedEntry): Promise<ApiError> {
  const [now] = await deps.db
    .select({ open: sql<number>`${OUTSTANDING_SQL('"bookings"')}`, takes: sql<number>`${IN_STATES_SQL('"bookings"', TRANSITIONS.takePayment)}` })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!now) return bookingNotFound();
  const moneyIn = entry.amountCents > 0;
  if (moneyIn && !Number(now.takes)) return new ApiError('booking_cancelled');
  if (moneyIn && !entry.overpayment && Number(now.open) < entry.amountCents) {
    return new ApiError('overpayment_unconfirmed', { details: [{ path: 'amount', message: PAYMENT_MESSAGES.stillOpen(formatMoney(Number(now.open))) }] });
  }
  if (entry.reversesPaymentId !== null && (await isReversed(deps, entry.reversesPaymentId))) return new ApiError('payment_already_reversed');
  return new ApiError('validation_failed', { details: [{ path: 'amount', message: PAYMENT_MESSAGES.refundExceedsPaid }] });
}

/** A payment (money in) or a refund (money out, at most what stays paid); `actor` null: the system's (the demo data). */
export async function recordPayment(deps: Deps, bookingId: number, input: PaymentValues, actor: Actor | null, sessionCheck?: SessionCheck): Promise<TypedWrite> {
  if (input.receivedOn > tallinnDay(deps.now())) {
    throw new ApiError('validation_failed', { details: [{ path: 'receivedOn', message: PAYMENT_MESSAGES.futureDay }] });
  }
  const amountCents = input.kind === 'refund' ? -input.amount : input.amount;
  return writeTyped(deps, bookingId, { amountCents, overpayment: input.overpayment, method: input.method, receivedOn: input.receivedOn, reference: input.reference, note: input.note, reversesPaymentId: null }, actor, input.kind === 'refund' ? 'payment.refund' : 'payment.record', sessionCheck);
}

async function isReversed({ db }: Deps, paymentId: number): Promise<boolean> {
  const [reversal] = await db.select({ id: payments.id }).from(payments).where(eq(payments.reversesPaymentId, paymentId));
  return reversal !== undefined;
}

/** Corrects a mistaken entry by its opposite, today; an entry is reversed once, and a reversal is not reversed. */
export async function reversePayment(deps: Deps, bookingId: number, paymentId: number, note: string | null, actor: Actor): Promise<TypedWrite> {
  const [original] = await deps.db
    .select({ amountCents: payments.amountCents, method: payments.method, reference: payments.reference, reversesPaymentId: payments.reversesPaymentId, giftVoucherId: payments.giftVoucherId })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.bookingId, bookingId)));
  if (!original) throw paymentNotFound();
  if (original.reversesPaymentId !== null) throw new ApiError('payment_not_reversible');
  if (await isReversed(deps, paymentId)) throw new ApiError('payment_already_reversed');
  try {
    return await writeTyped(
      deps,
      bookingId,
      // A reversal puts the ledger back as it was before the entry: never an overpayment to confirm.
      {
        amountCents: -original.amountCents,
        overpayment: true,
        method: original.method,
        receivedOn: tallinnDay(deps.now()),
        reference: original.reference,
        note,
        reversesPaymentId: paymentId,
        giftVoucherId: original.giftVoucherId,
      },
      actor,
      'payment.reverse',
    );
  } catch (err) {
    // The unique index on reverses_payment_id: someone reversed it first (or a second click got here).
    if (failedWith(err, /UNIQUE constraint failed: payments\.reverses_payment_id/)) throw new ApiError('payment_already_reversed');
    throw err;
  }
}

// ── a cancellation's refund ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The refund a cancellation gives back (a booking's, or each booking's of a cancelled edition), for the
 * cancellation's batch: written only where `when` holds (the cancellation's own token), on the day, with the
 * booking's reference. The cancellation's audit record says what was refunded.
 */
export function cancellationRefund(deps: Deps, refund: { bookingId: number; amountCents: number; method: PaymentMethod; note: string; actor: Actor; facts: ScheduleFacts; when: SQL }): Statement[] {
  if (refund.amountCents <= 0) return [deriveMoney(deps, refund.bookingId, refund.facts, refund.when)];
  const row: LedgerRow = {
    bookingId: refund.bookingId,
    amountCents: -refund.amountCents,
    method: refund.method,
    receivedOn: tallinnDay(deps.now()),
    reference: bookingReferenceNumber(refund.bookingId),
    note: refund.note,
    recordedBy: refund.actor.userId,
  };
  return [insertRows(deps, [row], { when: refund.when }) as unknown as Statement, deriveMoney(deps, refund.bookingId, refund.facts, refund.when)];
}

// ── the bank ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A bank transaction in review given to a booking by an admin: the whole amount as a bank transfer on the
 * statement's day, for the batch whose first statement marks the transaction assigned (written only if that
 * changed a row). More than is open is recorded (the admin chose it; the booking shows the overpayment).
 */
export function bankAssignment(deps: Deps, assignment: { transactionId: number; bookingId: number; facts: ScheduleFacts; actor: Actor; metadata: Record<string, unknown> }) {
  const from = (column: string) => sql`(SELECT ${sql.raw(column)} FROM ${bankTransactions} WHERE id = ${assignment.transactionId})`;
  return oneRow(
    deps,
    {
      bookingId: assignment.bookingId,
      amountCents: from('amount_cents'),
      method: 'bank_transfer',
      receivedOn: from('booked_on'),
      reference: from('reference'),
      bankTransactionId: assignment.transactionId,
      recordedBy: assignment.actor.userId,
    },
    assignment.facts,
    { actor: assignment.actor, action: 'bank_transaction.assign', metadata: assignment.metadata },
    { when: sql`changes() > 0` },
  );
}

/** One payment a statement's import makes: the transaction (by its key) and the booking it pays. */
export interface StatementPayment {
  bookingId: number;
  amountCents: number;
  bookedOn: string;
  reference: string | null;
  transactionKey: string;
  /** The booking's version when the import planned: a booking changed since aborts the batch (the import plans again). */
  plannedVersion: number;
}

/**
 * A statement import's payments, for the import's batch, 100 rows a statement, then each paid booking's derived
 * fields. The batch is written whole or not at all, so its audit records (the import's own) go in unconditionally.
 */
export function statementPayments(deps: Deps, rows: StatementPayment[], facts: Map<number, ScheduleFacts>, actor: Actor): Statement[] {
  const versions = new Map(rows.map((r) => [r.bookingId, r.plannedVersion]));
  const ledgerRows = rows.map(
    (r): LedgerRow => ({
      bookingId: r.bookingId,
      amountCents: r.amountCents,
      method: 'bank_transfer',
      receivedOn: r.bookedOn,
      reference: r.reference,
      bankTransactionId: sql`(SELECT t.id FROM bank_transactions AS t WHERE t.key = ${r.transactionKey})`,
      recordedBy: actor.userId,
    }),
  );
  const inserts = chunks(ledgerRows, 100).map((part) =>
    insertRows(deps, part, { abortUnless: (r) => sql`(SELECT version FROM bookings WHERE id = ${r.bookingId}) = ${versions.get(r.bookingId)!}` }),
  );
  const derive = [...versions.keys()].map((bookingId) => deriveMoney(deps, bookingId, facts.get(bookingId)!));
  return [...(inserts as unknown as Statement[]), ...derive];
}

/** The batch refused itself because a booking changed under the import's plan. */
export const isStatementRaceLost = (err: unknown) => failedWith(err, /NOT NULL constraint failed: payments\.amount_cents/);

// ── online payments ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * What a provider's PAID order makes: one payment per order (its unique `online_order_id` makes a replayed
 * notification, or the notification racing the guest's return, write nothing), its audit record only if it went in,
 * and the booking's derived fields. The money has left the guest's account, so it is taken in any state; what the
 * booking is not billed for shows as a refund owed.
 */
export function onlinePayment(deps: Deps, order: { id: number; bookingId: number; amountCents: number; method: PaymentMethod; note: string; metadata: Record<string, unknown> }, facts: ScheduleFacts) {
  return oneRow(
    deps,
    { bookingId: order.bookingId, amountCents: order.amountCents, method: order.method, receivedOn: tallinnDay(deps.now()), reference: bookingReferenceNumber(order.bookingId), note: order.note, onlineOrderId: order.id, recordedBy: null },
    facts,
    { actor: null, action: 'payment.online', metadata: order.metadata },
    { orIgnore: true },
  );
}

// ── gift vouchers ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A payment with a gift voucher (issue 38), for its caller's batch: written only where, in the statement that writes,
 * the booking takes money and owes at least this much (a voucher never pays beyond what is owed) and the voucher is
 * valid today with at least this much left (../vouchers/balance.ts), so two redemptions at once never spend more
 * than the voucher holds. Its audit record and the derived fields only if it went in.
 */
type Redemption = { bookingId: number; voucherId: number; code: string; amountCents: number; facts: ScheduleFacts; actor: Actor; channel: 'admin' | 'portal' };
export function voucherRedemption(deps: Deps, r: Redemption) {
  const today = tallinnDay(deps.now());
  const guard = sql`EXISTS (SELECT 1 FROM ${bookings} AS b WHERE b.id = ${r.bookingId} AND ${IN_STATES_SQL('b', TRANSITIONS.takePayment)} AND ${OUTSTANDING_SQL('b')} >= ${r.amountCents})
    AND EXISTS (SELECT 1 FROM gift_vouchers AS v WHERE v.id = ${r.voucherId} AND v.valid_until >= ${today} AND ${VOUCHER_BALANCE_SQL('v')} >= ${r.amountCents})`;
  return oneRow(
    deps,
    { bookingId: r.bookingId, amountCents: r.amountCents, method: 'gift_voucher', receivedOn: today, reference: bookingReferenceNumber(r.bookingId), note: `Kinkekaart ${r.code}`, giftVoucherId: r.voucherId, recordedBy: r.actor.userId },
    r.facts,
    { actor: r.actor, action: 'payment.gift_voucher', metadata: { amountCents: r.amountCents, giftVoucherId: r.voucherId, channel: r.channel } },
    { when: guard },
  );
}
