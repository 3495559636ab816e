/**
 * CSV downloads of the back office's lists (issue "Back office III": exports), with exactly the list's current
 * filters and order. Written for Estonian Excel: UTF-8 with a byte-order mark, `;` between fields, Estonian headers,
 * money in euros with a decimal comma. The file is streamed a chunk of rows at a time, so a 50,000-row export never
 * sits in memory; csv-stringify (its sync API, which has no Node dependencies) quotes each chunk.
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { BookingListQuery } from '../../src/lib/admin/bookings';
import { paymentStatusLabel, roomTypeLabel } from '../../src/lib/labels';
import { BOOKING_STATE_LABELS } from '../../src/lib/booking-lifecycle';
import { stateOf } from '../domain/bookings/states';
import { formatDate } from '../../src/lib/format';
import type { ClientListQuery } from '../../src/lib/admin/clients';
import { orderBy } from '../db/paging';
import { bookings, customers, discountCodes, guests, invoices, payments, retreats, users } from '../db/schema';
import { INVOICE_STATE_LABELS, INVOICE_TEXTS, type InvoiceListQuery } from '../../src/lib/admin/invoices';
import { PAYMENT_METHOD_LABELS, type PaymentsExportQuery } from '../../src/lib/payments';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { invoiceListFilter, LIST_COLUMNS, toListItem } from './invoices';
import type { AppDeps } from '../deps';
import { listFilter, SORT_COLUMNS, sortNeedsGuests } from './bookings';
import { clientListFilter, NEWEST_FIRST } from './clients';
import { MONEY_COLUMNS, storedBookingTotals } from '../domain/money/balance';

const CHUNK_ROWS = 500;
const BOM = '\uFEFF';

/** 129900 → "1299,00": a number Estonian Excel reads as a number (no currency sign, no grouping). */
export function csvEuros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A cell a spreadsheet will not run (OWASP's CSV injection rule): text that begins with =, +, -, @, a tab or a
 * carriage return gets a leading apostrophe, which Excel and LibreOffice show as text and do not display. Amounts
 * as the exports write them ("-300,00", "1299,00") and whole numbers stay numbers; a phone number "+372…" becomes
 * text, which also keeps its plus sign and digits readable instead of a number in scientific notation.
 */
export function inertCell(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[=+\-@\t\r]/.test(value)) return value;
  return /^-\d+(,\d+)?$/.test(value) ? value : `'${value}`;
}

const csv = (rows: unknown[][]) => stringify(rows.map((row) => row.map(inertCell)), { delimiter: ';', record_delimiter: '\r\n' });

/** A small CSV file in one piece (the run sheets: one edition's people), written as the streamed exports are. */
export const csvFile = (header: string[], rows: unknown[][]): string => BOM + csv([header, ...rows]);

/** A stream of CSV text: the header, then one chunk of rows per `nextChunk` call until it returns none. */
export function csvStream(header: string[], nextChunk: (offset: number) => Promise<unknown[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csv([header])));
    },
    async pull(controller) {
      const rows = await nextChunk(offset);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      offset += rows.length;
      controller.enqueue(encoder.encode(csv(rows)));
    },
  });
}

export const BOOKINGS_CSV_HEADER = [
  'Broneeringu nr',
  'Loodud',
  'Eesnimi',
  'Perekonnanimi',
  'E-post',
  'Telefon',
  'Retriit',
  'Saabumine',
  'Lahkumine',
  'Staatus',
  'Makse staatus',
  'Majutus',
  'Summa (€)',
  'Lisateenused (€)',
  'Kaasreisijad (€)',
  'Makstud (€)',
  'Jääk (€)',
  'Tagastada (€)',
  // Issue 38: the discount code the booking was made with and what it took off the party.
  'Sooduskood',
  'Soodustus (€)',
];

/** The bookings list as CSV, with the list's search, filters and sort (the query the list screen has in its URL). */
export function bookingsCsv({ db }: Pick<AppDeps, 'db'>, query: BookingListQuery): ReadableStream<Uint8Array> {
  const where = listFilter(query);
  const order = orderBy(query.sort, SORT_COLUMNS, bookings.id);
  return csvStream(BOOKINGS_CSV_HEADER, async (offset) => {
    const ids = sortNeedsGuests(query.sort)
      ? db.select({ id: bookings.id }).from(bookings).innerJoin(guests, eq(guests.id, bookings.guestId)).where(where).orderBy(...order).limit(CHUNK_ROWS).offset(offset)
      : db.select({ id: bookings.id }).from(bookings).where(where).orderBy(...order).limit(CHUNK_ROWS).offset(offset);
    const rows = await db
      .select({
        id: bookings.id,
        createdAt: bookings.createdAt,
        firstName: guests.firstName,
        lastName: guests.lastName,
        email: guests.email,
        phone: guests.phone,
        retreat: retreats.name,
        checkIn: bookings.checkInDate,
        checkOut: bookings.checkOutDate,
        ...MONEY_COLUMNS,
        paymentStatus: bookings.paymentStatus,
        roomType: bookings.roomType,
        discountCode: discountCodes.code,
        codeDiscountCents: bookings.codeDiscountCents,
      })
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .leftJoin(discountCodes, eq(discountCodes.id, bookings.discountCodeId))
      .where(inArray(bookings.id, ids))
      .orderBy(...order);
    return rows.map((r) => {
      const totals = storedBookingTotals(r);
      return [
        r.id,
        formatDate(r.createdAt),
        r.firstName,
        r.lastName,
        r.email ?? '',
        r.phone ?? '',
        r.retreat ?? '',
        r.checkIn ? formatDate(r.checkIn) : '',
        r.checkOut ? formatDate(r.checkOut) : '',
        BOOKING_STATE_LABELS[stateOf(r)],
        paymentStatusLabel(r.paymentStatus, r.status),
        roomTypeLabel(r.roomType),
        csvEuros(r.totalAmountCents),
        csvEuros(totals.servicesCents),
        csvEuros(totals.companionsCents),
        csvEuros(r.amountPaidCents),
        csvEuros(totals.remainingCents),
        csvEuros(totals.refundOwedCents),
        r.discountCode ?? '',
        r.codeDiscountCents === null ? '' : csvEuros(r.codeDiscountCents),
      ];
    });
  });
}

export const CLIENTS_CSV_HEADER = ['Eesnimi', 'Perekonnanimi', 'E-post', 'Telefon', 'Liitunud', 'Broneeringuid', 'Jääk kokku (€)', 'Tagastada kokku (€)'];

/**
 * The clients list as CSV, with the list's search and order (newest first), each client with how many bookings they
 * have and what those still owe together, by the same balance rule as the client's view.
 */
export function clientsCsv({ db }: Pick<AppDeps, 'db'>, query: Pick<ClientListQuery, 'q'>): ReadableStream<Uint8Array> {
  const where = clientListFilter(query);
  return csvStream(CLIENTS_CSV_HEADER, async (offset) => {
    const ids = db.select({ id: customers.id }).from(customers).where(where).orderBy(...NEWEST_FIRST).limit(CHUNK_ROWS).offset(offset);
    const [clients, owed] = await db.batch([
      db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phoneNumber, createdAt: customers.createdAt })
        .from(customers)
        .where(inArray(customers.id, ids))
        .orderBy(...NEWEST_FIRST),
      db
        .select({ customerId: bookings.customerId, ...MONEY_COLUMNS })
        .from(bookings)
        .where(inArray(bookings.customerId, ids)),
    ]);
    const byClient = new Map<string, { count: number; remainingCents: number; refundOwedCents: number }>();
    for (const b of owed) {
      const sum = byClient.get(b.customerId!) ?? { count: 0, remainingCents: 0, refundOwedCents: 0 };
      const totals = storedBookingTotals(b);
      sum.count += 1;
      sum.remainingCents += totals.remainingCents;
      sum.refundOwedCents += totals.refundOwedCents;
      byClient.set(b.customerId!, sum);
    }
    return clients.map((c) => {
      const sum = byClient.get(c.id) ?? { count: 0, remainingCents: 0, refundOwedCents: 0 };
      return [c.firstName, c.lastName, c.email, c.phone ?? '', formatDate(c.createdAt), sum.count, csvEuros(sum.remainingCents), csvEuros(sum.refundOwedCents)];
    });
  });
}

// ── the accountant's export ─────────────────────────────────────────────────────────────────────────────────────

export const INVOICES_CSV_HEADER = [
  'Number',
  'Liik',
  'Kuupäev',
  'Maksetähtaeg',
  'Saaja',
  'Saaja e-post',
  'Registrikood',
  'KMKR nr',
  'Broneeringu nr',
  'Viitenumber',
  'Krediteerib arvet',
  'Summa (€)',
  'Krediteeritud (€)',
  'Tasumata (€)',
  'Staatus',
];

/**
 * The invoices and credit notes the invoices screen's filters match (a period, for the accountant), in series order:
 * each with its buyer as frozen on the document, its booking, what credit notes took back and what is still open.
 */
export function invoicesCsv({ db }: Pick<AppDeps, 'db'>, query: Pick<InvoiceListQuery, 'q' | 'state' | 'from' | 'to'>): ReadableStream<Uint8Array> {
  const where = invoiceListFilter(query);
  return csvStream(INVOICES_CSV_HEADER, async (offset) => {
    const ids = db.select({ id: invoices.id }).from(invoices).where(where).orderBy(asc(invoices.seriesNumber)).limit(CHUNK_ROWS).offset(offset);
    const rows = await db
      .select({
        ...LIST_COLUMNS,
        registryCode: sql<string | null>`json_extract(${invoices.document}, '$.buyer.registryCode')`,
        vatNumber: sql<string | null>`json_extract(${invoices.document}, '$.buyer.vatNumber')`,
        referenceNumber: sql<string | null>`json_extract(${invoices.document}, '$.booking.referenceNumber')`,
      })
      .from(invoices)
      .where(inArray(invoices.id, ids))
      .orderBy(asc(invoices.seriesNumber));
    return rows.map((r) => {
      const item = toListItem(r, '');
      return [
        item.number,
        INVOICE_TEXTS.title[item.kind],
        formatDate(item.issuedOn),
        item.dueOn ? formatDate(item.dueOn) : '',
        item.buyerName,
        item.buyerEmail ?? '',
        r.registryCode ?? '',
        r.vatNumber ?? '',
        item.bookingId ?? '',
        r.referenceNumber ?? '',
        item.creditsNumber ?? '',
        csvEuros(item.totalCents),
        csvEuros(item.creditedCents),
        csvEuros(item.openCents),
        INVOICE_STATE_LABELS[item.state],
      ];
    });
  });
}

export const PAYMENTS_CSV_HEADER = ['Kuupäev', 'Broneeringu nr', 'Viitenumber', 'Maksja', 'Liik', 'Summa (€)', 'Makseviis', 'Viide', 'Märkus', 'Sisestas', 'Sisestatud'];

/** A ledger row in words: money in, money out, or the reversal of an earlier row. */
const entryKind = (amountCents: number, reversesPaymentId: number | null) => (reversesPaymentId !== null ? 'Vastukanne' : amountCents < 0 ? 'Tagastus' : 'Makse');

/** The payments ledger of a period (by the day money came in or went out), every row as it stands, in that order. */
export function paymentsCsv({ db }: Pick<AppDeps, 'db'>, query: PaymentsExportQuery): ReadableStream<Uint8Array> {
  const where = and(query.from ? gte(payments.receivedOn, query.from) : undefined, query.to ? lte(payments.receivedOn, query.to) : undefined);
  const order = [asc(payments.receivedOn), asc(payments.id)];
  return csvStream(PAYMENTS_CSV_HEADER, async (offset) => {
    const ids = db.select({ id: payments.id }).from(payments).where(where).orderBy(...order).limit(CHUNK_ROWS).offset(offset);
    const rows = await db
      .select({
        receivedOn: payments.receivedOn,
        bookingId: payments.bookingId,
        firstName: guests.firstName,
        lastName: guests.lastName,
        amountCents: payments.amountCents,
        reversesPaymentId: payments.reversesPaymentId,
        method: payments.method,
        reference: payments.reference,
        note: payments.note,
        recordedBy: users.email,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .leftJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(guests, eq(guests.id, bookings.guestId))
      .leftJoin(users, eq(users.id, payments.recordedBy))
      .where(inArray(payments.id, ids))
      .orderBy(...order);
    return rows.map((r) => [
      formatDate(r.receivedOn),
      r.bookingId ?? '',
      r.bookingId !== null ? bookingReferenceNumber(r.bookingId) : '',
      r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : '',
      entryKind(r.amountCents, r.reversesPaymentId),
      csvEuros(r.amountCents),
      PAYMENT_METHOD_LABELS[r.method] ?? r.method,
      r.reference ?? '',
      r.note ?? '',
      r.recordedBy ?? '',
      formatDate(r.createdAt),
    ]);
  });
}
