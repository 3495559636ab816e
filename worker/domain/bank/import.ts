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
import { eventLoopTurns } from '../../db/event-loop';
import { isLocalDatabase } from '../../db/local';
import { auditLogs, bankStatements, bankTransactions, bookings, invoices, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { stateOf } from '../bookings/states';
import { moneyRowOf, outstandingCents } from '../money/balance';
import { failedWith } from '../../db/failures';
import { isStatementRaceLost, scheduleFactsOf, statementPayments, type ScheduleFacts } from '../money/ledger';
import { SCHEDULE_FACT_COLUMNS } from '../money/known-facts';
import { transactionKeys } from './fingerprint';
import { isCompanyAccount } from './company-accounts';
import { decide, namedIn, type Decision, type Lookups } from './matching';
import { parseStatementInTurns, StatementFormatError, type ParsedStatement, type StatementTransaction } from './statement';
import { statementSummary, transactionViews } from './views';

type Deps = Pick<AppDeps, 'db' | 'now' | 'sql'>;

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

/** The file's statement, or the API's 422 with the parser's Estonian message; other requests get turns meanwhile. */
async function parsed(file: { bytes: Uint8Array; name: string | null }, turn: () => Promise<void>): Promise<ParsedStatement> {
  try {
    return await parseStatementInTurns(file.bytes, file.name ?? undefined, turn);
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
export async function previewStatement(file: { bytes: Uint8Array; name: string | null }): Promise<StatementPreview> {
  const statement = await parsed(file, eventLoopTurns());
  return {
    format: statement.format,
    accounts: accountsOf(statement).map((account) => {
      const transactions = statement.transactions.filter((tx) => tx.account === account);
      return { account, companyAccount: isCompanyAccount(account), transactions: transactions.length, currencies: [...new Set(transactions.map((tx) => tx.currency))].sort() };
    }),
  };
}

export async function importStatement(deps: Deps, file: { bytes: Uint8Array; name: string | null }, actor: Actor): Promise<StatementImportResult> {
  const turn = eventLoopTurns();
  const statement = await parsed(file, turn);
  const keys = await transactionKeys(statement);
  await turn();
  const accounts = accountsOf(statement);
  for (let attempt = 1; ; attempt++) {
    const plan = await makePlan(deps, statement, keys);
    const statementIds = await writePlan(deps, statement, file.name, plan, actor).catch((error: unknown) => {
      if (isRaceLost(error)) return null;
      throw error;
    });
    if (statementIds) {
      return { imports: await Promise.all(statementIds.map((id, i) => importResult(deps, id, plan.duplicates.filter((d) => d.tx.account === accounts[i])))) };
    }
    if (attempt === ATTEMPTS) throw new ApiError('statement_busy');
    // Apart, at random, so that the imports that collided do not meet again on their next try.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
  }
}

/** The batch refused itself because the books moved under the plan: a booking's version, or a key taken. */
function isRaceLost(error: unknown): boolean {
  return isStatementRaceLost(error) || failedWith(error, /UNIQUE constraint failed: bank_transactions\.key/);
}

async function makePlan(deps: Deps, statement: ParsedStatement, keys: string[]): Promise<Plan> {
  const { db } = deps;
  const turn = eventLoopTurns();
  const known = new Set<string>();
  for (const part of chunks(keys, CHUNK)) {
    for (const row of await db.select({ key: bankTransactions.key }).from(bankTransactions).where(inArray(bankTransactions.key, part))) known.add(row.key);
    await turn();
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
    await turn();
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
    await turn();
  }
  // In the file's order (a payment lowers what is open for the lines after it), with turns for other requests.
  const planned: Planned[] = [];
  for (const { tx, key } of fresh) {
    planned.push({ tx, key, decision: decide(tx, lookups) });
    await turn();
  }
  const paid = new Map([...new Set(planned.flatMap((p) => p.decision.allocations.map((a) => a.bookingId)))].map((id) => [id, state.get(id)!]));
  return { fresh: planned, duplicates, paid };
}

/** A piece of the import's write, built only when its turn comes; `statement` marks an account's statement insert. */
interface WritePart {
  build: (deps: Deps) => unknown[];
  statement?: true;
}

/**
 * The whole import, written whole or not at all; answers each account's statement id, in the file's order of
 * accounts. A remote database takes it as one batch. On the embedded file, where every statement runs synchronously,
 * it is one transaction written part by part, with turns of the event loop between, so that a 15 000-line statement
 * does not hold every other request while it is written (issue 36; building all its SQL at once took two seconds).
 */
async function writePlan(deps: Deps, statement: ParsedStatement, fileName: string | null, plan: Plan, actor: Actor): Promise<number[]> {
  const parts = writeParts(deps, statement, fileName, plan, actor);
  if (!isLocalDatabase(deps.sql)) {
    const built = parts.map((part) => part.build(deps));
    const results = await deps.db.batch(built.flat() as unknown as Parameters<typeof deps.db.batch>[0]);
    const ids: number[] = [];
    let index = 0;
    parts.forEach((part, i) => {
      if (part.statement) ids.push((results[index] as { id: number }[])[0]!.id);
      index += built[i]!.length;
    });
    return ids;
  }
  const turn = eventLoopTurns();
  return deps.db.transaction(async (tx) => {
    // The statements are the same builders', on the transaction: inside it, every write goes through `tx`.
    const inTransaction = { ...deps, db: tx as unknown as Deps['db'] };
    const ids: number[] = [];
    for (const part of parts) {
      for (const query of part.build(inTransaction)) {
        const result = await (query as PromiseLike<unknown>);
        if (part.statement) ids.push((result as { id: number }[])[0]!.id);
        await turn();
      }
    }
    return ids;
  });
}

/** The import's statements, in the order they are written, as parts of a few hundred rows each. */
function writeParts(deps: Deps, statement: ParsedStatement, fileName: string | null, plan: Plan, actor: Actor): WritePart[] {
  const stamp = deps.now().toISOString();
  const who = { userId: actor.userId, severity: 'high' as const, ip: actor.ip, userAgent: actor.userAgent, createdAt: stamp };
  // The statement just inserted, for its transactions and audit record: the write is one transaction.
  const statementId = sql`(SELECT max(${bankStatements.id}) FROM ${bankStatements})`;

  // Per account: its statement, its new transactions, the statement's audit record.
  const perAccount = accountsOf(statement).flatMap((account): WritePart[] => {
    const fresh = plan.fresh.filter((p) => p.tx.account === account);
    const counts = { transactions: fresh.length, duplicates: plan.duplicates.filter((d) => d.tx.account === account).length };
    const payments = fresh.reduce((n, p) => n + p.decision.allocations.length, 0);
    return [
      {
        statement: true,
        build: ({ db }) => [
          db
            .insert(bankStatements)
            .values({ fileName, format: statement.format, accountIban: account, ...counts, importedBy: actor.userId, createdAt: stamp })
            .returning({ id: bankStatements.id }),
        ],
      },
      ...chunks(fresh, 100).map(
        (part): WritePart => ({
          build: ({ db }) => [
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
          ],
        }),
      ),
      {
        build: ({ db }) => [
          db.insert(auditLogs).values({
            ...who,
            action: 'bank_statement.import' as const,
            resourceType: 'bank_statement',
            resourceId: sql`CAST(${statementId} AS TEXT)`,
            metadata: { fileName, format: statement.format, account, ...counts, payments },
          }),
        ],
      },
    ];
  });

  // A payment per booking paid, through the ledger's door, a few hundred bookings at a time with all of each one's
  // payments: a booking gone or changed since the plan read it aborts the whole write (the import then plans again).
  const allocations = plan.fresh.flatMap(({ tx, key, decision }) => decision.allocations.map((a) => ({ tx, key, ...a })));
  const byBooking = Map.groupBy(allocations, (a) => a.bookingId);
  const ledger = chunks([...byBooking.keys()], 200).map(
    (ids): WritePart => ({
      build: (d) =>
        statementPayments(
          d,
          ids.flatMap((id) => byBooking.get(id)!).map(({ tx, key, bookingId, amountCents }) => ({ bookingId, amountCents, bookedOn: tx.bookedOn, reference: tx.reference, transactionKey: key, plannedVersion: plan.paid.get(bookingId)!.version })),
          new Map(ids.map((id) => [id, plan.paid.get(id)!.facts])),
          actor,
        ),
    }),
  );

  // Written whole or not at all, so the payments' records go in unconditionally, many to a statement.
  const records = allocations.map(({ tx, bookingId, amountCents }) => ({
    ...who,
    action: 'payment.import' as const,
    resourceType: 'booking',
    resourceId: String(bookingId),
    metadata: { amountCents, receivedOn: tx.bookedOn, reference: tx.reference, payer: tx.counterpartyName, archiveId: tx.archiveId },
  }));
  const audits = chunks(records, 100).map((part): WritePart => ({ build: ({ db }) => [db.insert(auditLogs).values(part)] }));

  return [...perAccount, ...ledger, ...audits];
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

