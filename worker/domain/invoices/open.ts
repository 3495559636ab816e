/**
 * What is still open on an issued document. The rule in TypeScript is here; its SQL form is the database's own:
 * triggers keep `invoices.credited_cents` and `invoices.open_cents` after every invoice, credit note and change of a
 * booking's money (migration 0015), and tests/api/money-rules.test.ts checks them against this file.
 * - uncredited: an invoice's total less what credit notes took back;
 * - open: what is still to pay on an invoice: its uncredited part, but never more than its booking still owes (the
 *   money module's outstanding, 0 once cancelled); a document whose booking is gone keeps its uncredited part;
 *   0 for a credit note;
 * - state: open, paid (an uncredited invoice with nothing to pay), credited (nothing left uncredited), credit_note.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { InvoiceState } from '../../../src/lib/invoices/list';
import type { InvoiceKind } from '../../../src/lib/enums';

export interface DocumentMoney {
  kind: InvoiceKind;
  totalCents: number;
  /** ≤ 0. */
  creditedCents: number;
  /** What the document's booking still owes (outstandingCents); null when the booking is gone. */
  bookingOutstandingCents: number | null;
}

export const uncreditedCents = ({ totalCents, creditedCents }: Pick<DocumentMoney, 'totalCents' | 'creditedCents'>): number => totalCents + creditedCents;

export function openCents(doc: DocumentMoney): number {
  const uncredited = uncreditedCents(doc);
  if (doc.kind !== 'invoice' || uncredited <= 0) return 0;
  return Math.min(uncredited, doc.bookingOutstandingCents ?? uncredited);
}

/** The state from what is open (TypeScript). */
export function invoiceState(doc: Pick<DocumentMoney, 'kind' | 'totalCents' | 'creditedCents'> & { openCents: number }): InvoiceState {
  if (doc.kind === 'credit_note') return 'credit_note';
  if (uncreditedCents(doc) <= 0) return 'credited';
  return doc.openCents > 0 ? 'open' : 'paid';
}

/** The same state in SQL, over the `invoices` row named `alias` and the columns the triggers keep. */
export const STATE_SQL = (alias: string): SQL =>
  sql.raw(`(CASE WHEN ${alias}.kind = 'credit_note' THEN 'credit_note' WHEN ${alias}.total_cents + ${alias}.credited_cents <= 0 THEN 'credited'
    WHEN ${alias}.open_cents > 0 THEN 'open' ELSE 'paid' END)`);

/** Each state as a filter, written so that the series index (or the open documents' partial index) serves it. */
export const STATE_FILTER_SQL: Record<InvoiceState, (alias: string) => SQL> = {
  credit_note: (a) => sql.raw(`${a}.kind = 'credit_note'`),
  credited: (a) => sql.raw(`(${a}.kind = 'invoice' AND ${a}.total_cents + ${a}.credited_cents <= 0)`),
  open: (a) => sql.raw(`${a}.open_cents > 0`),
  paid: (a) => sql.raw(`(${a}.kind = 'invoice' AND ${a}.total_cents + ${a}.credited_cents > 0 AND ${a}.open_cents = 0)`),
};
