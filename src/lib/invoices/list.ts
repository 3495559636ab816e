/**
 * The invoices screen ("Arved") and the accountant's export (issue "Back office II"): the states a document is in,
 * the list's query and its rows. In zod/mini, as ./list-query: the screen parses its URL with this and issues
 * nothing, so it need not load all of zod. ./invoices passes all of this on.
 */
import * as z from 'zod/mini';
import type { InvoiceKind } from '../enums';
import { dayParam, fromParam, pagingParams, periodInOrder, searchParam, type ListPage } from '../list-query';

/**
 * Where an issued document stands: an invoice is open (something on it is still to pay), paid (nothing is), or
 * credited (credit notes took all of it back); a credit note is a credit note.
 */
export const INVOICE_STATES = ['open', 'paid', 'credited', 'credit_note'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = { open: 'Tasumata', paid: 'Tasutud', credited: 'Krediteeritud', credit_note: 'Kreeditarve' };

/**
 * GET /api/admin/invoices (and the accountant's CSVs): newest number first; `q` finds the number or the buyer's name;
 * `from` and `to` bound the issue day (Tallinn calendar days, both included).
 */
export const invoiceListQuerySchema = z
  .object({
    q: searchParam,
    state: fromParam(z.optional(z.enum(INVOICE_STATES))),
    from: dayParam,
    to: dayParam,
    ...pagingParams,
  })
  .check(z.refine(periodInOrder, { message: 'Algus peab olema enne lõppu.', path: ['to'] }));
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export interface InvoiceListItem {
  id: number;
  number: string;
  kind: InvoiceKind;
  state: InvoiceState;
  issuedOn: string;
  dueOn: string | null;
  buyerName: string;
  buyerEmail: string | null;
  /** Null once the booking is gone (the document outlives it). */
  bookingId: number | null;
  totalCents: number;
  /** What credit notes took back from an invoice (≤ 0); 0 for a credit note. */
  creditedCents: number;
  /** What is still to pay on an invoice: its uncredited part, at most what its booking still owes; 0 otherwise. */
  openCents: number;
  /** Open, and its due day has passed by the server's calendar (Tallinn). */
  overdue: boolean;
  /** A credit note: the invoice it credits. */
  creditsInvoiceId: number | null;
  creditsNumber: string | null;
}

export interface InvoiceListResponse extends ListPage<InvoiceListItem> {
  /** Over every document the filters match (not only this page): issued in all (credit notes negative), and open. */
  sums: { totalCents: number; openCents: number };
}
