/**
 * The back office's invoices screen ("Arved"): every invoice and credit note, newest number first, searched by number
 * or buyer, filtered by state and by issue day, paged on the server, with the sums of what the filters match. The
 * accountant's CSVs (./exports) select exactly the same documents.
 */
import { and, count, desc, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { InvoiceListItem, InvoiceListQuery, InvoiceListResponse, InvoiceState } from '../../src/lib/admin/invoices';
import { tallinnDay } from '../../src/lib/format';
import { invoiceIdsMatching, pageWindow } from '../db/paging';
import { invoices } from '../db/schema';
import type { AppDeps } from '../deps';
import { STATE_FILTER_SQL, STATE_SQL } from '../domain/invoices/open';

/** Newest first: the series number is the issue order. */
export const NEWEST_FIRST = [desc(invoices.seriesNumber)];

export function invoiceListFilter(query: Pick<InvoiceListQuery, 'q' | 'state' | 'from' | 'to'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    conditions.push(sql`${invoices.id} IN (${invoiceIdsMatching(query.q)})`);
  }
  if (query.state) conditions.push(STATE_FILTER_SQL[query.state]('"invoices"'));
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
  creditedCents: invoices.creditedCents,
  openCents: invoices.openCents,
  state: sql<InvoiceState>`${STATE_SQL('"invoices"')}`,
  creditsInvoiceId: invoices.creditsInvoiceId,
  creditsNumber: sql<string | null>`(SELECT o.number FROM invoices AS o WHERE o.id = "invoices"."credits_invoice_id")`,
};

/** A row as the screen gets it; `today` is the server's Tallinn day, so "overdue" does not depend on the browser's clock. */
export const toListItem = (row: Record<keyof typeof LIST_COLUMNS, unknown>, today: string): InvoiceListItem => {
  const item = row as unknown as Omit<InvoiceListItem, 'overdue'>;
  return { ...item, overdue: item.openCents > 0 && item.dueOn !== null && item.dueOn < today };
};

export async function listInvoices({ db, now }: Pick<AppDeps, 'db' | 'now'>, query: InvoiceListQuery): Promise<InvoiceListResponse> {
  const today = tallinnDay(now());
  const where = invoiceListFilter(query);
  const { limit, offset } = pageWindow(query);
  // The page's ids first, walked in the series' unique index; then only those rows are read. The count and the sums
  // read invoices_money_idx, which holds every column they need.
  const pageIds = db.select({ id: invoices.id }).from(invoices).where(where).orderBy(...NEWEST_FIRST).limit(limit).offset(offset);
  const [rows, [sums]] = await db.batch([
    db.select(LIST_COLUMNS).from(invoices).where(inArray(invoices.id, pageIds)).orderBy(...NEWEST_FIRST),
    db
      .select({ n: count(), total: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`, open: sql<number>`coalesce(sum(${invoices.openCents}), 0)` })
      .from(invoices)
      .where(where),
  ]);
  return {
    items: rows.map((row) => toListItem(row, today)),
    total: Number(sums?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    sums: { totalCents: Number(sums?.total ?? 0), openCents: Number(sums?.open ?? 0) },
  };
}
