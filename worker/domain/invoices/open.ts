/**
 * What is still open on an issued document, each rule with its SQL form beside its TypeScript form
 * (tests/api/money-rules.test.ts checks that they agree):
 * - uncredited: an invoice's total less what credit notes took back;
 * - open: what is still to pay on an invoice: its uncredited part, but never more than its booking still owes (the
 *   money module's outstanding; a document whose booking is gone keeps its uncredited part); 0 for a credit note;
 * - state: open, paid (an uncredited invoice with nothing to pay), credited (nothing left uncredited), credit_note.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { InvoiceKind } from '../../../src/lib/enums';
import type { InvoiceState } from '../../../src/lib/admin/invoices';

export interface DocumentMoney {
  kind: InvoiceKind;
  totalCents: number;
  /** ≤ 0. */
  creditedCents: number;
  /** What the document's booking still owes (outstandingCents); null when the booking is gone. */
  bookingOutstandingCents: number | null;
}

export const uncreditedCents = ({ totalCents, creditedCents }: DocumentMoney): number => totalCents + creditedCents;

export function openCents(doc: DocumentMoney): number {
  const uncredited = uncreditedCents(doc);
  if (doc.kind !== 'invoice' || uncredited <= 0) return 0;
  return Math.min(uncredited, doc.bookingOutstandingCents ?? uncredited);
}

export function invoiceState(doc: DocumentMoney): InvoiceState {
  if (doc.kind === 'credit_note') return 'credit_note';
  if (uncreditedCents(doc) <= 0) return 'credited';
  return openCents(doc) > 0 ? 'open' : 'paid';
}

export interface DocumentMoneySql {
  kind: SQL;
  total: SQL;
  credited: SQL;
  /** NULL when the booking is gone. */
  bookingOutstanding: SQL;
}

export const OPEN_SQL = ({ kind, total, credited, bookingOutstanding }: DocumentMoneySql): SQL =>
  sql`(CASE WHEN ${kind} = 'invoice' AND ${total} + ${credited} > 0 THEN min(${total} + ${credited}, coalesce(${bookingOutstanding}, ${total} + ${credited})) ELSE 0 END)`;

export const STATE_SQL = (doc: DocumentMoneySql): SQL =>
  sql`(CASE WHEN ${doc.kind} = 'credit_note' THEN 'credit_note' WHEN ${doc.total} + ${doc.credited} <= 0 THEN 'credited' WHEN ${OPEN_SQL(doc)} > 0 THEN 'open' ELSE 'paid' END)`;
