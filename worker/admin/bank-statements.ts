/**
 * The bank-statement screen's reads and the review list's two actions (issue "Collect"): the imports so far, the
 * transactions that wait for an admin, assigning one to a booking (a ledger payment, in the batch that marks it
 * assigned, with the booking's derived status and the audit record) and dismissing one with a reason.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { BANK_STATEMENT_MESSAGES, type BankTransactionView, type ReviewList, type ReviewListQuery, type StatementList } from '../../src/lib/admin/bank-statements';
import { MAY_SQL } from '../domain/bookings/lifecycle';
import { containsSql, pageWindow } from '../db/paging';
import { foldForSearch, foldSql } from '../db/search-fold';
import { bankStatements, bankTransactions, bookings, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { auditIfChanged } from '../domain/audit';
import { bankAssignment, scheduleFacts } from '../domain/money/ledger';
import { statementSummaryColumns, statementSummaryOf, transactionViews } from '../domain/bank/views';
import { bankTransactionNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now'>;

export async function listStatements({ db }: Deps, query: { page: number; pageSize: number }): Promise<StatementList> {
  const { limit, offset } = pageWindow(query);
  const [items, [total]] = await db.batch([
    db.select(statementSummaryColumns).from(bankStatements).leftJoin(users, eq(users.id, bankStatements.importedBy)).orderBy(desc(bankStatements.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(bankStatements),
  ]);
  return { items: items.map(statementSummaryOf), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

const waiting = eq(bankTransactions.outcome, 'review');

/** What waits, oldest first; the search looks in the payer, the free text and the reference, Estonian letters folded. */
export async function reviewList(deps: Deps, query: ReviewListQuery): Promise<ReviewList> {
  const { limit, offset } = pageWindow(query);
  const haystack = sql`coalesce(${bankTransactions.counterpartyName}, '') || ' ' || ${bankTransactions.text} || ' ' || coalesce(${bankTransactions.reference}, '')`;
  const where = query.q ? and(waiting, containsSql(foldSql(haystack), foldForSearch(query.q))) : waiting;
  const [ids, [total]] = await deps.db.batch([
    deps.db.select({ id: bankTransactions.id }).from(bankTransactions).where(where).orderBy(asc(bankTransactions.bookedOn), asc(bankTransactions.id)).limit(limit).offset(offset),
    deps.db.select({ n: count() }).from(bankTransactions).where(where),
  ]);
  const items = ids.length === 0 ? [] : await transactionViews(deps, sql`${bankTransactions.id} IN (${sql.join(ids.map((r) => sql`${r.id}`), sql`, `)})`, [asc(bankTransactions.bookedOn), asc(bankTransactions.id)]);
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

async function viewOf(deps: Deps, id: number): Promise<BankTransactionView> {
  const [view] = await transactionViews(deps, eq(bankTransactions.id, id));
  if (!view) throw bankTransactionNotFound();
  return view;
}

/** Why a review action wrote nothing: the transaction is gone or no longer waits. */
async function refusal(deps: Deps, id: number): Promise<ApiError> {
  const view = await viewOf(deps, id);
  return view.outcome === 'review'
    ? new ApiError('booking_cancelled', { message: BANK_STATEMENT_MESSAGES.cancelledBooking, details: [{ path: 'bookingId', message: BANK_STATEMENT_MESSAGES.cancelledBooking }] })
    : new ApiError('bank_transaction_resolved');
}

/**
 * The transaction's money to a booking the admin chose: the whole amount, as a bank transfer on the statement's day.
 * More than is open is recorded (the admin chose it, and the booking shows the overpayment); a cancelled booking
 * takes none.
 */
export async function assignTransaction(deps: Deps, id: number, bookingId: number, actor: Actor): Promise<BankTransactionView> {
  const { db } = deps;
  const before = await viewOf(deps, id);
  if (before.outcome !== 'review') throw new ApiError('bank_transaction_resolved');
  if (before.direction !== 'credit') throw new ApiError('bank_transaction_resolved');
  // Its cents are not euro cents: recorded as a payment they would be taken for euros.
  if (before.currency !== 'EUR') throw new ApiError('bank_transaction_not_euro');
  const facts = await scheduleFacts(deps, bookingId);
  if (!facts) throw new ApiError('validation_failed', { details: [{ path: 'bookingId', message: 'Broneeringut ei leitud.' }] });
  const stamp = deps.now().toISOString();
  const [marked] = await db.batch([
    // Marked first, only if it still waits and the booking's state takes a payment; the ledger's row follows it.
    db.run(sql`
      UPDATE ${bankTransactions} SET outcome = 'assigned', resolved_by = ${actor.userId}, resolved_at = ${stamp}
      WHERE id = ${id} AND outcome = 'review' AND direction = 'credit'
        AND EXISTS (SELECT 1 FROM ${bookings} WHERE id = ${bookingId} AND ${MAY_SQL('bookings', 'takePayment')})`),
    ...bankAssignment(deps, {
      transactionId: id,
      bookingId,
      facts,
      actor,
      metadata: { amountCents: before.amountCents, receivedOn: before.bookedOn, reference: before.reference, payer: before.counterpartyName, archiveId: before.archiveId, reviewReason: before.reviewReason },
    }),
  ]);
  if (marked.rowsAffected === 0) throw await refusal(deps, id);
  return viewOf(deps, id);
}

export async function dismissTransaction(deps: Deps, id: number, reason: string, actor: Actor): Promise<BankTransactionView> {
  const { db } = deps;
  const before = await viewOf(deps, id);
  const [marked] = await db.batch([
    db.run(sql`
      UPDATE ${bankTransactions} SET outcome = 'dismissed', resolution_note = ${reason}, resolved_by = ${actor.userId}, resolved_at = ${deps.now().toISOString()}
      WHERE id = ${id} AND outcome = 'review'`),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'bank_transaction.dismiss',
      severity: 'medium',
      resourceType: 'bank_transaction',
      resourceId: String(id),
      metadata: { amountCents: before.amountCents, receivedOn: before.bookedOn, payer: before.counterpartyName, reviewReason: before.reviewReason, reason },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  ]);
  if (marked.rowsAffected === 0) throw new ApiError('bank_transaction_resolved');
  return viewOf(deps, id);
}

