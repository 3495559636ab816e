/**
 * The back office's invoices screen ("Arved"): every invoice and credit note, newest number first, searched by number
 * or buyer, filtered by state and by issue day, paged on the server, with the sums of what the filters match. The
 * accountant's CSVs (./exports) select exactly the same documents.
 */
import { and, count, desc, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceListItem, InvoiceListQuery, InvoiceListResponse, InvoiceState } from '../../src/lib/admin/invoices';
import { containsPattern, pageWindow } from '../db/paging';
import { invoices } from '../db/schema';
import type { AppDeps } from '../deps';
import { creditedTotal, OUTER_INVOICE_ID } from '../domain/invoices/issue';
import { OPEN_SQL, STATE_SQL, type DocumentMoneySql } from '../domain/invoices/open';
import { OUTSTANDING_SQL } from '../domain/money/balance';

/** The open and state rules over the outer `invoices` row (qualified by hand: they run inside subqueries). */
export const DOCUMENT_MONEY: DocumentMoneySql = {
  kind: sql.raw('"invoices"."kind"'),
  total: sql.raw('"invoices"."total_cents"'),
  credited: creditedTotal(OUTER_INVOICE_ID),
  bookingOutstanding: sql`(SELECT ${OUTSTANDING_SQL('b')} FROM bookings AS b WHERE b.id = "invoices"."booking_id")`,
};

/** Newest first: the series number is the issue order. */
export const NEWEST_FIRST = [desc(invoices.seriesNumber)];

export function invoiceListFilter(query: Pick<InvoiceListQuery, 'q' | 'state' | 'from' | 'to'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(sql`${invoices.number} LIKE ${pattern} ESCAPE '\\'`, sql`${invoices.buyerName} LIKE ${pattern} ESCAPE '\\'`));
  }
  if (query.state === 'credit_note') conditions.push(sql`${invoices.kind} = 'credit_note'`);
  else if (query.state) conditions.push(sql`${invoices.kind} = 'invoice' AND ${STATE_SQL(DOCUMENT_MONEY)} = ${query.state}`);
  if (query.from) conditions.push(gte(invoices.issuedOn, query.from));
  if (query.to) conditions.push(lte(invoices.issuedOn, query.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export const LIST_COLUMNS = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  buyerName: invoices.buyerName,
  buyerEmail: invoices.buyerEmail,
  bookingId: invoices.bookingId,
  totalCents: invoices.totalCents,
  creditedCents: DOCUMENT_MONEY.credited,
  openCents: sql<number>`${OPEN_SQL(DOCUMENT_MONEY)}`,
  state: sql<InvoiceState>`${STATE_SQL(DOCUMENT_MONEY)}`,
  creditsInvoiceId: invoices.creditsInvoiceId,
  creditsNumber: sql<string | null>`(SELECT o.number FROM invoices AS o WHERE o.id = "invoices"."credits_invoice_id")`,
};

export const toListItem = (row: Record<keyof typeof LIST_COLUMNS, unknown>): InvoiceListItem => ({
  ...(row as unknown as InvoiceListItem),
  creditedCents: row.kind === 'invoice' ? Number(row.creditedCents) : 0,
  openCents: Number(row.openCents),
});

export async function listInvoices({ db }: Pick<AppDeps, 'db'>, query: InvoiceListQuery): Promise<InvoiceListResponse> {
  const where = invoiceListFilter(query);
  const { limit, offset } = pageWindow(query);
  // The page's ids first, walked in the series' unique index; then only those rows get their money worked out.
  const pageIds = db.select({ id: invoices.id }).from(invoices).where(where).orderBy(...NEWEST_FIRST).limit(limit).offset(offset);
  const [rows, [sums]] = await db.batch([
    db.select(LIST_COLUMNS).from(invoices).where(inArray(invoices.id, pageIds)).orderBy(...NEWEST_FIRST),
    db
      .select({ n: count(), total: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`, open: sql<number>`coalesce(sum(${OPEN_SQL(DOCUMENT_MONEY)}), 0)` })
      .from(invoices)
      .where(where),
  ]);
  return {
    items: rows.map(toListItem),
    total: Number(sums?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    sums: { totalCents: Number(sums?.total ?? 0), openCents: Number(sums?.open ?? 0) },
  };
}
