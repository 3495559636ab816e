/**
 * Stored bank transactions as the screens see them (src/lib/admin/bank-statements.ts): each with the bookings its
 * money went to, read in one query with the payments that point at it.
 */
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { BankTransactionView, StatementSummary } from '../../../src/lib/bank-statements';
import { bankStatements, bankTransactions, bookings, guests, payments, users } from '../../db/schema';
import { chunks } from '../../db/chunks';
import { eventLoopTurns } from '../../db/event-loop';
import type { AppDeps } from '../../deps';
import { isCompanyAccount } from './company-accounts';

type Deps = Pick<AppDeps, 'db'>;

const resolver = users;

/** Rows read at a time: a 15 000-line import read in one query held the event loop for a fifth of a second. */
const PAGE = 1_000;

/** The transactions `where` selects, in `order`, with their allocations; read a page at a time, other requests let in between. */
export async function transactionViews({ db }: Deps, where: SQL | undefined, order: SQL[] = [asc(bankTransactions.statementId), asc(bankTransactions.line)]): Promise<BankTransactionView[]> {
  const turn = eventLoopTurns();
  const page = (offset: number) =>
    db
      .select({ t: bankTransactions, account: bankStatements.accountIban, resolvedBy: resolver.email })
      .from(bankTransactions)
      .innerJoin(bankStatements, eq(bankStatements.id, bankTransactions.statementId))
      .leftJoin(resolver, eq(resolver.id, bankTransactions.resolvedBy))
      .where(where)
      .orderBy(...order, asc(bankTransactions.id))
      .limit(PAGE)
      .offset(offset);
  const rows: Awaited<ReturnType<typeof page>> = [];
  for (;;) {
    const read = await page(rows.length);
    rows.push(...read);
    await turn();
    if (read.length < PAGE) break;
  }
  if (rows.length === 0) return [];
  const byTransaction = new Map<number, BankTransactionView['allocations']>();
  for (const ids of chunks(rows.map((r) => r.t.id), PAGE / 2)) {
    const allocations = await db
      .select({ transactionId: payments.bankTransactionId, paymentId: payments.id, bookingId: payments.bookingId, amountCents: payments.amountCents, firstName: guests.firstName, lastName: guests.lastName })
      .from(payments)
      .leftJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(guests, eq(guests.id, bookings.guestId))
      // The payments the transaction made, not a later reversal of one (which points at the payment, not here).
      .where(and(inArray(payments.bankTransactionId, ids), isNull(payments.reversesPaymentId)))
      .orderBy(asc(payments.id));
    for (const a of allocations) {
      const list = byTransaction.get(a.transactionId!) ?? [];
      list.push({ bookingId: a.bookingId!, paymentId: a.paymentId, amountCents: a.amountCents, guestName: [a.firstName, a.lastName].filter(Boolean).join(' ') });
      byTransaction.set(a.transactionId!, list);
    }
    await turn();
  }
  return rows.map(({ t, account, resolvedBy }) => ({
    id: t.id,
    statementId: t.statementId,
    account,
    line: t.line,
    bookedOn: t.bookedOn,
    direction: t.direction,
    amountCents: t.amountCents,
    currency: t.currency,
    counterpartyName: t.counterpartyName,
    counterpartyAccount: t.counterpartyAccount,
    reference: t.reference,
    text: t.text,
    archiveId: t.archiveId,
    outcome: t.outcome,
    reviewReason: t.reviewReason,
    namedBookingId: t.namedBookingId,
    allocations: byTransaction.get(t.id) ?? [],
    resolutionNote: t.resolutionNote,
    resolvedBy,
    resolvedAt: t.resolvedAt,
  }));
}

export const statementSummaryColumns = {
  id: bankStatements.id,
  fileName: bankStatements.fileName,
  format: bankStatements.format,
  accountIban: bankStatements.accountIban,
  importedAt: bankStatements.createdAt,
  importedBy: users.email,
  transactions: bankStatements.transactions,
  duplicates: bankStatements.duplicates,
};

/** A statement row as the screens see it, with whether its account is the company's by today's settings. */
export const statementSummaryOf = (row: Omit<StatementSummary, 'companyAccount'>): StatementSummary => ({ ...row, companyAccount: isCompanyAccount(row.accountIban) });

export async function statementSummary({ db }: Deps, id: number): Promise<StatementSummary | null> {
  const [row] = await db.select(statementSummaryColumns).from(bankStatements).leftJoin(users, eq(users.id, bankStatements.importedBy)).where(eq(bankStatements.id, id));
  return row ? statementSummaryOf(row) : null;
}
