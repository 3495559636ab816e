/**
 * A bank statement's import (issue "Collect"): the file parsed (./statement), each transaction known by its key
 * (./fingerprint) so that nothing is imported twice, matched to bookings (./matching), and everything written in one
 * batch: a statement per account the file holds (issue 36), their new transactions, a ledger payment per booking
 * paid, each booking's amounts and payment status derived again from its ledger (the money module's own statement),
 * and an audit record per payment and one per statement. Either all of it is written or none of it.
 *
 * The plan is made from a read; the batch refuses itself if a booking it pays changed in between (its version), or
 * if another import took one of its transactions first (the key's unique index). Then the import waits a moment and
 * plans again; imports that keep colliding (several statements paying the same bookings at once) are refused with
 * `statement_busy` after ATTEMPTS, with nothing written, never a 500.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  outcomeTotals,
  type BankTransactionView,
  type StatementImport,
  type StatementImportResult,
  type StatementPreview,
} from '../../../src/lib/bank-statements';
import { mayTransition } from '../../../src/lib/booking-lifecycle';
import { chunks } from '../../db/chunks';
import { auditLogs, bankStatements, bankTransactions, bookings, invoices, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { stateOf } from '../bookings/states';
import { moneyRowOf, outstandingCents } from '../money/balance';
import { isStatementRaceLost, SCHEDULE_FACT_COLUMNS, scheduleFactsOf, statementPayments, type ScheduleFacts } from '../money/ledger';
import { transactionKeys } from './fingerprint';
import { isCompanyAccount } from './company-accounts';
import { decide, namedIn, type Decision, type Lookups } from './matching';
import { parseStatement, StatementFormatError, type ParsedStatement, type StatementTransaction } from './statement';
import { statementSummary, transactionViews } from './views';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** SQLite takes many more, but a statement this size keeps each under a few thousand bound values. */
const CHUNK = 200;
/** Each attempt lets at least one of the colliding imports through, so ten see a dozen simultaneous uploads home. */
const ATTEMPTS = 10;

/** A transaction's fields as the review screen shows them, stored or only counted as a duplicate. */
function shownFields(tx: StatementTransaction) {
  const { line, bookedOn, direction, amountCents, currency, counterpartyName, counterpartyAccount, reference, text, archiveId } = tx;
  return { line, bookedOn, direction, amountCents, currency, counterpartyName, counterpartyAccount, reference, text, archiveId };
}

interface Planned {
  tx: StatementTransaction;
  key: string;
  decision: Decision;
}

interface Plan {
  fresh: Planned[];
  duplicates: { tx: StatementTransaction; key: string }[];
  /** The bookings the plan pays, with the version it was made from and their schedule facts. */
  paid: Map<number, { version: number; facts: ScheduleFacts }>;
}

/** The file's statement, or the API's 422 with the parser's Estonian message. */
function parsed(file: { bytes: Uint8Array; name: string | null }): ParsedStatement {
  try {
    return parseStatement(file.bytes, file.name ?? undefined);
  } catch (error) {
    if (error instanceof StatementFormatError) {
      throw new ApiError(error.code, { message: error.message, details: [{ path: 'file', message: error.message }] });
    }
    throw error;
  }
}

/** The accounts a file has statements of; a file that names none (a CSV export with a blank account column) has one. */
const accountsOf = (statement: ParsedStatement) => (statement.accounts.length > 0 ? statement.accounts : [null]);

/** What the upload would import, read and not written: the screen warns of an account that is not the company's. */
export function previewStatement(file: { bytes: Uint8Array; name: string | null }): StatementPreview {
  const statement = parsed(file);
  return {
    format: statement.format,
    accounts: accountsOf(statement).map((account) => {
      const transactions = statement.transactions.filter((tx) => tx.account === account);
      return { account, companyAccount: isCompanyAccount(account), transactions: transactions.length, currencies: [...new Set(transactions.map((tx) => tx.currency))].sort() };
    }),
  };
}

export async function importStatement(deps: Deps, file: { bytes: Uint8Array; name: string | null }, actor: Actor): Promise<StatementImportResult> {
  const statement = parsed(file);
  const keys = await transactionKeys(statement);
  for (let attempt = 1; ; attempt++) {
    const plan = await makePlan(deps, statement, keys);
    try {
      const statementIds = await writePlan(deps, statement, file.name, plan, actor);
      return { imports: await Promise.all(statementIds.map((id, i) => importResult(deps, id, plan.duplicates.filter((d) => d.tx.account === accountsOf(statement)[i])))) };
    } catch (error) {
      if (!isRaceLost(error)) throw error;
      if (attempt === ATTEMPTS) throw new ApiError('statement_busy');
      // Apart, at random, so that the imports that collided do not meet again on their next try.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}

/** The batch refused itself because the books moved under the plan: a booking's version, or a key taken. */
function isRaceLost(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (isStatementRaceLost(e.message) || /UNIQUE constraint failed: bank_transactions\.key/.test(e.message)) return true;
  }
  return false;
}

async function makePlan(deps: Deps, statement: ParsedStatement, keys: string[]): Promise<Plan> {
  const { db } = deps;
  const known = new Set<string>();
  for (const part of chunks(keys, CHUNK)) {
    for (const row of await db.select({ key: bankTransactions.key }).from(bankTransactions).where(inArray(bankTransactions.key, part))) known.add(row.key);
  }
  const fresh = statement.transactions.flatMap((tx, i) => (known.has(keys[i]!) ? [] : [{ tx, key: keys[i]! }]));
  const duplicates = statement.transactions.flatMap((tx, i) => (known.has(keys[i]!) ? [{ tx, key: keys[i]! }] : []));

  // What the statement's money in names, read at once: the bookings and the invoice numbers.
  const named = fresh.filter((f) => f.tx.direction === 'credit').map((f) => namedIn(f.tx));
  const tokens = [...new Set(named.flatMap((n) => n.invoiceTokens))];
  const bookingOfInvoice = new Map<string, number>();
  for (const part of chunks(tokens, CHUNK)) {
    const rows = await db
      .select({ number: sql<string>`upper(${invoices.number})`, bookingId: invoices.bookingId })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), inArray(sql`upper(${invoices.number})`, part)));
    for (const row of rows) if (row.bookingId !== null) bookingOfInvoice.set(row.number, row.bookingId);
  }
  const ids = [...new Set([...named.flatMap((n) => n.bookingIds), ...bookingOfInvoice.values()])];
  const lookups: Lookups = { bookings: new Map(), bookingOfInvoice };
  const state = new Map<number, { version: number; facts: ScheduleFacts }>();
  for (const part of chunks(ids, CHUNK)) {
    const rows = await db
      .select({
        id: bookings.id,
        status: bookings.status,
        waitingList: bookings.waitingList,
        owedCents: bookings.owedCents,
        amountPaidCents: bookings.amountPaidCents,
        keptCents: bookings.keptCents,
        version: bookings.version,
        ...SCHEDULE_FACT_COLUMNS,
      })
      .from(bookings)
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(inArray(bookings.id, part));
    for (const b of rows) {
      // What is open is what the booking owes in its state (a waiting-list party owes nothing); a booking whose state
      // takes no payment (cancelled) waits for a person's decision.
      lookups.bookings.set(b.id, { cancelled: !mayTransition(stateOf(b), 'takePayment'), openCents: outstandingCents(moneyRowOf(b)) });
      state.set(b.id, { version: b.version, facts: scheduleFactsOf(b) });
    }
  }
  const planned = fresh.map(({ tx, key }) => ({ tx, key, decision: decide(tx, lookups) }));
  const paid = new Map([...new Set(planned.flatMap((p) => p.decision.allocations.map((a) => a.bookingId)))].map((id) => [id, state.get(id)!]));
  return { fresh: planned, duplicates, paid };
}

/** The whole import in one batch; answers each account's statement id, in the file's order of accounts. */
async function writePlan(deps: Deps, statement: ParsedStatement, fileName: string | null, plan: Plan, actor: Actor): Promise<number[]> {
  const { db } = deps;
  const stamp = deps.now().toISOString();
  const who = { userId: actor.userId, severity: 'high' as const, ip: actor.ip, userAgent: actor.userAgent, createdAt: stamp };
  // The statement just inserted, for its transactions and audit record: the batch is one transaction.
  const statementId = sql`(SELECT max(${bankStatements.id}) FROM ${bankStatements})`;

  // Per account: its statement, its new transactions, the statement's audit record.
  const perAccount = accountsOf(statement).map((account) => {
    const fresh = plan.fresh.filter((p) => p.tx.account === account);
    const duplicates = plan.duplicates.filter((d) => d.tx.account === account).length;
    const counts = { transactions: fresh.length, duplicates };
    const insertStatement = db
      .insert(bankStatements)
      .values({ fileName, format: statement.format, accountIban: account, ...counts, importedBy: actor.userId, createdAt: stamp })
      .returning({ id: bankStatements.id });
    const insertTransactions = chunks(fresh, 100).map((part) =>
      db.insert(bankTransactions).values(
        part.map(({ tx, key, decision }) => ({
          statementId,
          key,
          ...shownFields(tx),
          counterpartyIdCode: tx.counterpartyIdCode,
          endToEndId: tx.endToEndId,
          outcome: decision.outcome,
          reviewReason: decision.reviewReason,
          namedBookingId: decision.namedBookingId,
          createdAt: stamp,
        })),
      ),
    );
    const payments = fresh.reduce((n, p) => n + p.decision.allocations.length, 0);
    const audit = db.insert(auditLogs).values({
      ...who,
      action: 'bank_statement.import' as const,
      resourceType: 'bank_statement',
      resourceId: sql`CAST(${statementId} AS TEXT)`,
      metadata: { fileName, format: statement.format, account, ...counts, payments },
    });
    return [insertStatement, ...insertTransactions, audit];
  });

  // A payment per booking paid, through the ledger's door: a booking gone or changed since the plan read it aborts the
  // batch (the import then plans again).
  const allocations = plan.fresh.flatMap(({ tx, key, decision }) => decision.allocations.map((a) => ({ tx, key, ...a })));
  const ledger = statementPayments(
    deps,
    allocations.map(({ tx, key, bookingId, amountCents }) => ({ bookingId, amountCents, bookedOn: tx.bookedOn, reference: tx.reference, transactionKey: key, plannedVersion: plan.paid.get(bookingId)!.version })),
    new Map([...plan.paid].map(([id, { facts }]) => [id, facts])),
    actor,
  );

  // The batch is written whole or not at all, so its records go in unconditionally, many to a statement.
  const records = allocations.map(({ tx, bookingId, amountCents }) => ({
    ...who,
    action: 'payment.import' as const,
    resourceType: 'booking',
    resourceId: String(bookingId),
    metadata: { amountCents, receivedOn: tx.bookedOn, reference: tx.reference, payer: tx.counterpartyName, archiveId: tx.archiveId },
  }));
  const audits = chunks(records, 100).map((part) => db.insert(auditLogs).values(part));

  const statements = [...perAccount.flat(), ...ledger, ...audits];
  const results = await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  // Each account's statement insert is the first of its part of the batch.
  const ids: number[] = [];
  let index = 0;
  for (const part of perAccount) {
    ids.push((results[index] as { id: number }[])[0]!.id);
    index += part.length;
  }
  return ids;
}

/** One account's part of the upload's answer: its transactions in the file's order, those already known as duplicates. */
async function importResult(deps: Deps, statementId: number, duplicates: Plan['duplicates']): Promise<StatementImport> {
  const stored = await transactionViews(deps, eq(bankTransactions.statementId, statementId));
  const again: BankTransactionView[] = duplicates.map(({ tx }) => ({
    id: null,
    statementId: null,
    account: tx.account,
    ...shownFields(tx),
    outcome: 'duplicate',
    reviewReason: null,
    namedBookingId: null,
    allocations: [],
    resolutionNote: null,
    resolvedBy: null,
    resolvedAt: null,
  }));
  const transactions = [...stored, ...again].sort((a, b) => a.line - b.line);
  return { statement: (await statementSummary(deps, statementId))!, transactions, totals: outcomeTotals(transactions) };
}

/** An earlier import as stored (its duplicates only counted). */
export async function storedImport(deps: Deps, statementId: number): Promise<StatementImport | null> {
  const statement = await statementSummary(deps, statementId);
  if (!statement) return null;
  const transactions = await transactionViews(deps, eq(bankTransactions.statementId, statementId));
  return { statement, transactions, totals: outcomeTotals(transactions) };
}

