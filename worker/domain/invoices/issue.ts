/**
 * Invoices and credit notes (issue "Back office II", docs/decisions/013). Issuing is one batch: the row takes the
 * next number of the one series inside its own INSERT (SQLite runs one write at a time, and a trigger refuses any
 * number but the next), with the document frozen as JSON, then the audit record. Nothing here edits or deletes an
 * issued document: a correction is a credit note, then a new invoice.
 */
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import settings from '../../../content/settings/site.json';
import type {
  BookingInvoices,
  InvoiceBuyer,
  InvoiceDetail,
  InvoiceDocument,
  InvoiceEmail,
  InvoiceSendResult,
  InvoiceView,
} from '../../../src/lib/invoices/documents';
import { buyerAddressLine, INVOICE_TEXTS, invoiceFileName, scheduleSentence } from '../../../src/lib/invoices/documents';
import { formatDateEt, formatMoney, tallinnDay } from '../../../src/lib/format';
import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import type { Db } from '../../db';
import { bookings, emailOutbox, invoices, users, type MailAttachmentRef } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { auditIfChanged } from '../audit';
import { creditNoteDraft, defaultBuyer, invoiceDraft, type DraftDocument } from './document';
import { invoiceNumberSql, numberShape } from './number';
import { escapeHtml, mailLayout } from '../mail/html';
import { deliverSoon, outboxInsert, type OutboxState } from '../mail/outbox';
import { getBookingDetail } from '../bookings/record';
import { MAY_SQL, requireTransition } from '../bookings/lifecycle';
import type { Actor } from '../actor';
import type { AuditAction } from '../../../src/lib/enums';
import { invoiceNotFound } from '../not-found';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/** The buyer as the issue dialog names them (src/lib/admin/invoices.ts's schema parsed it). */
export type InvoiceBuyerInput = Pick<InvoiceBuyer, 'name' | 'registryCode' | 'vatNumber' | 'address'> &
  Partial<Pick<InvoiceBuyer, 'street' | 'postalCode' | 'city' | 'countryCode' | 'eInvoiceAddress' | 'wantsEInvoice'>> & { email?: string | null };


/**
 * The outer query's invoice id, qualified by hand: drizzle leaves columns unqualified in a one-table query, which
 * inside the subquery below would compare the credit note's own id.
 */
export const OUTER_INVOICE_ID = sql.raw('"invoices"."id"');

/** What credit notes have taken back from an invoice (≤ 0): the one home of "credited so far". */
export const creditedTotal = (invoiceId: SQL | number) =>
  sql<number>`(SELECT coalesce(sum(c.total_cents), 0) FROM ${invoices} AS c WHERE c.credits_invoice_id = ${invoiceId})`;

const SUMMARY_COLUMNS = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  totalCents: invoices.totalCents,
  buyerName: invoices.buyerName,
  buyerEmail: invoices.buyerEmail,
  creditsInvoiceId: invoices.creditsInvoiceId,
  creditedCents: creditedTotal(OUTER_INVOICE_ID),
  issuedBy: users.email,
  createdAt: invoices.createdAt,
};

const toSummary = <T extends { creditedCents: unknown }>(row: T): T & { creditedCents: number } => ({ ...row, creditedCents: Number(row.creditedCents) });

/**
 * Who the client's last invoice was made out to (this booking's, or another of the same client's): a company that
 * paid once is offered again, with its registry code and address (issue 37). Null before the client's first invoice.
 */
async function lastBuyer(db: Db, bookingId: number): Promise<InvoiceBuyer | null> {
  const client = sql`(SELECT customer_id FROM ${bookings} WHERE id = ${bookingId})`;
  const [last] = await db
    .select({ document: invoices.document })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(and(eq(invoices.kind, 'invoice'), or(eq(invoices.bookingId, bookingId), eq(bookings.customerId, client))))
    .orderBy(desc(invoices.id))
    .limit(1);
  return last?.document.buyer ?? null;
}

/** The booking's invoices, newest first, and what a new one would say today (the create dialog's preview). */
export async function bookingInvoices(deps: Deps, bookingId: number): Promise<BookingInvoices> {
  const booking = await getBookingDetail(deps, bookingId);
  const rows = await deps.db
    .select(SUMMARY_COLUMNS)
    .from(invoices)
    .leftJoin(users, eq(users.id, invoices.issuedBy))
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(desc(invoices.id))
    .limit(200);
  const emails = await invoiceEmails(deps.db, bookingId, rows.map((r) => r.id), 1);
  return {
    items: rows.map((row) => ({ ...toSummary(row), lastEmail: emails.get(row.id)?.[0] ?? null })),
    preview: invoiceDraft(booking, (await lastBuyer(deps.db, bookingId)) ?? defaultBuyer(booking), tallinnDay(deps.now()), deps.config.seller),
    version: booking.version,
  };
}

/**
 * The statements that write a document with the next number of the series, for a batch: the INSERT (only where
 * `where` holds, inside the statement) and its audit record. The number's text is made in SQL from the series
 * number, and set into the frozen document there too. `mustHold` is a condition that, when it fails while `where`
 * holds, aborts the whole batch (the row gets no series number, which the series trigger refuses): a part of a larger
 * change that must not go in without it.
 */
export function documentInsert(
  deps: Deps,
  draft: DraftDocument,
  meta: { bookingId: number | null; creditsInvoiceId: number | null },
  where: SQL,
  actor: Actor,
  action: AuditAction,
  mustHold: SQL = sql`1`,
) {
  const { db } = deps;
  const shape = numberShape(settings.invoicing.numberFormat, Number(draft.issuedOn.slice(0, 4)));
  const next = sql`(SELECT coalesce(max(series_number), 0) + 1 FROM ${invoices})`;
  return [
    db.all<{ id: number; number: string }>(sql`
      INSERT INTO ${invoices} (series_number, number, kind, booking_id, credits_invoice_id, issued_on, due_on, total_cents, buyer_name, buyer_email, document, issued_by, created_at)
      SELECT CASE WHEN ${mustHold} THEN n.value END, n.number, ${draft.kind}, ${meta.bookingId}, ${meta.creditsInvoiceId}, ${draft.issuedOn}, ${draft.dueOn}, ${draft.totalCents},
             ${draft.buyer.name}, ${draft.buyer.email}, json_set(${JSON.stringify(draft)}, '$.number', n.number), ${actor.userId}, ${deps.now().toISOString()}
      FROM (SELECT ${next} AS value, ${invoiceNumberSql(shape, next)} AS number) AS n
      WHERE ${where}
      RETURNING id, number`),
    auditIfChanged(deps, {
      userId: actor.userId,
      action,
      severity: 'high',
      resourceType: 'invoice',
      resourceId: sql`(SELECT max(id) FROM ${invoices})`,
      metadata: { bookingId: meta.bookingId, creditsInvoiceId: meta.creditsInvoiceId, totalCents: draft.totalCents, buyer: draft.buyer.name },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  ] as const;
}

async function insertDocument(deps: Deps, draft: DraftDocument, meta: { bookingId: number | null; creditsInvoiceId: number | null }, guard: SQL, actor: Actor, action: AuditAction) {
  const [inserted] = await deps.db.batch(documentInsert(deps, draft, meta, guard, actor, action));
  return (inserted as { id: number; number: string }[])[0];
}

/** Issues an invoice for a booking as the detail showed it (`version`): an edit in between is a 409, not a surprise. */
export async function issueInvoice(deps: Deps, bookingId: number, input: { version: number; buyer: InvoiceBuyerInput }, actor: Actor): Promise<InvoiceView> {
  const booking = await getBookingDetail(deps, bookingId);
  if (booking.version !== input.version) throw new ApiError('booking_changed');
  // Only a party that is billed gets an invoice (a waiting-list party owes nothing; a cancelled one is settled).
  requireTransition(booking.state, 'invoice');
  const guestDefaults = defaultBuyer(booking);
  const buyer: InvoiceBuyer = {
    name: input.buyer.name,
    email: input.buyer.email ?? null,
    phone: input.buyer.name === guestDefaults.name ? guestDefaults.phone : null,
    registryCode: input.buyer.registryCode,
    vatNumber: input.buyer.vatNumber,
    // The one line older screens and lists show, made from the parts when they are given.
    address: input.buyer.address ?? buyerAddressLine({ address: null, street: input.buyer.street, postalCode: input.buyer.postalCode, city: input.buyer.city, countryCode: input.buyer.countryCode }),
    // Issue 39's parts, kept only when given: a buyer typed as before is frozen as before.
    ...Object.fromEntries(
      (['street', 'postalCode', 'city', 'countryCode', 'eInvoiceAddress'] as const).flatMap((key) => (input.buyer[key] ? [[key, input.buyer[key]]] : [])),
    ),
    ...(input.buyer.wantsEInvoice ? { wantsEInvoice: true } : {}),
  };
  const draft = invoiceDraft(booking, buyer, tallinnDay(deps.now()), deps.config.seller);
  if (draft.totalCents <= 0) throw new ApiError('nothing_to_invoice');
  // The version the admin saw is taken by this invoice: of any number of requests made from it, the first bumps it
  // and issues; every other finds it gone, and its INSERT (which runs only after a row changed) writes nothing.
  const [, insertedRows] = await deps.db.batch([
    deps.db.run(sql`UPDATE bookings SET version = version + 1 WHERE id = ${bookingId} AND version = ${input.version} AND ${MAY_SQL('bookings', 'invoice')}`),
    ...documentInsert(deps, draft, { bookingId, creditsInvoiceId: null }, sql`changes() > 0`, actor, 'invoice.issue'),
  ]);
  const inserted = (insertedRows as { id: number; number: string }[])[0];
  if (!inserted) throw new ApiError('booking_changed');
  return getInvoice(deps, inserted.id);
}

/** Every invoice and credit note issued in a period (Tallinn days, either bound open), in the series' order. */
export async function documentsIssued({ db }: Pick<AppDeps, 'db'>, period: { from?: string; to?: string }): Promise<InvoiceDocument[]> {
  const rows = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(and(period.from ? sql`${invoices.issuedOn} >= ${period.from}` : undefined, period.to ? sql`${invoices.issuedOn} <= ${period.to}` : undefined))
    .orderBy(invoices.id);
  return rows.map((r) => r.document);
}

export async function getInvoice({ db }: Pick<AppDeps, 'db'>, id: number): Promise<InvoiceView> {
  const [row] = await db
    .select({ ...SUMMARY_COLUMNS, bookingId: invoices.bookingId, document: invoices.document })
    .from(invoices)
    .leftJoin(users, eq(users.id, invoices.issuedBy))
    .where(eq(invoices.id, id));
  if (!row) throw invoiceNotFound();
  return toSummary(row);
}

/** GET /api/admin/invoices/:id: the document, and how its latest e-mails stand. */
export async function getInvoiceDetail(deps: Pick<AppDeps, 'db'>, id: number): Promise<InvoiceDetail> {
  const invoice = await getInvoice(deps, id);
  const emails = await invoiceEmails(deps.db, invoice.bookingId, [id], INVOICE_EMAILS_SHOWN);
  return { ...invoice, emails: emails.get(id) ?? [] };
}

/** The e-mails an invoice's detail lists, newest first. */
const INVOICE_EMAILS_SHOWN = 5;

const emailState = (status: OutboxState): InvoiceEmail['state'] => (status === 'logged' ? 'sent' : status);

/**
 * The latest e-mails (newest first, at most `perDocument` each) that carried these documents' PDFs, by document id,
 * read from the outbox: an invoice e-mail names its document in its attachments (there is no column for it) and is
 * filed under the document's booking (both lose it together when it goes), which keeps the lookup on the outbox's
 * booking index.
 */
async function invoiceEmails(db: Db, bookingId: number | null, invoiceIds: number[], perDocument: number): Promise<Map<number, InvoiceEmail[]>> {
  const byDocument = new Map<number, InvoiceEmail[]>();
  if (invoiceIds.length === 0) return byDocument;
  const rows = await db.all<{
    id: number;
    status: OutboxState;
    to: string;
    queuedAt: string;
    sentAt: string | null;
    attempts: number;
    nextAttemptAt: string;
    lastError: string | null;
    invoiceId: number;
  }>(sql`
    SELECT id, status, "to", queuedAt, sentAt, attempts, nextAttemptAt, lastError, invoiceId FROM (
      SELECT o.id, o.status, o.to_address AS "to", o.created_at AS queuedAt, o.sent_at AS sentAt, o.attempts,
             o.next_attempt_at AS nextAttemptAt, o.last_error AS lastError, json_extract(a.value, '$.invoiceId') AS invoiceId,
             row_number() OVER (PARTITION BY json_extract(a.value, '$.invoiceId') ORDER BY o.id DESC) AS position
      FROM ${emailOutbox} AS o, json_each(o.attachments) AS a
      WHERE o.booking_id IS ${bookingId} AND o.kind = 'invoice'
        AND json_extract(a.value, '$.type') = ${'invoice_pdf' satisfies MailAttachmentRef['type']}
        AND json_extract(a.value, '$.invoiceId') IN (${sql.join(invoiceIds.map((id) => sql`${id}`), sql`, `)})
    ) WHERE position <= ${perDocument}
    ORDER BY id DESC`);
  for (const row of rows) {
    const state = emailState(row.status);
    const email: InvoiceEmail = {
      id: Number(row.id),
      state,
      to: row.to,
      queuedAt: row.queuedAt,
      sentAt: row.sentAt,
      attempts: Number(row.attempts),
      nextAttemptAt: state === 'pending' ? row.nextAttemptAt : null,
      lastError: state === 'sent' ? null : row.lastError,
    };
    const invoiceId = Number(row.invoiceId);
    byDocument.set(invoiceId, [...(byDocument.get(invoiceId) ?? []), email]);
  }
  return byDocument;
}

/** Takes back what is still uncredited on an invoice, today, with the reason printed on the credit note. */
export async function issueCreditNote(deps: Deps, invoiceId: number, reason: string | null, actor: Actor): Promise<InvoiceView> {
  const original = await getInvoice(deps, invoiceId);
  if (original.kind !== 'invoice') throw new ApiError('invoice_not_creditable');
  if (original.totalCents + original.creditedCents <= 0) throw new ApiError('invoice_already_credited');
  const draft = creditNoteDraft({ ...original.document, id: original.id }, original.creditedCents, reason, tallinnDay(deps.now()), deps.config.seller);
  // Inside the INSERT: nothing else credited this invoice since it was read (two clicks make one credit note).
  const inserted = await insertDocument(
    deps,
    draft,
    { bookingId: original.bookingId, creditsInvoiceId: invoiceId },
    sql`${creditedTotal(invoiceId)} = ${original.creditedCents}`,
    actor,
    'invoice.credit_note',
  );
  if (!inserted) throw new ApiError('invoice_already_credited');
  return getInvoice(deps, inserted.id);
}

/** What the invoice's e-mail asks for: what its schedule asks (the old documents without one: the open sum by the due day). */
function invoicePaymentRequest(document: InvoiceDocument): string {
  const account = `kontole ${document.seller.iban}, viitenumber ${document.booking?.referenceNumber ?? '–'}`;
  if (!document.schedule) return `Palume tasuda ${formatMoney(document.outstandingCents)} hiljemalt ${formatDateEt(document.dueOn ?? document.issuedOn)} ${account}.`;
  if (document.schedule.length === 0) return INVOICE_TEXTS.nothingToPay;
  return `Palume tasuda ${scheduleSentence(document.schedule, formatDateEt, formatMoney)} ${account}.`;
}

/** The invoice e-mail: Estonian, short, with the PDF attached when it is sent. */
function invoiceMail(invoice: InvoiceView, document: InvoiceDocument) {
  const title = document.kind === 'invoice' ? 'arve' : 'kreeditarve';
  const subject = `${SITE_CONTACTS.retreatName}: ${title} nr ${invoice.number}`;
  const lines = [
    `Tere, ${document.buyer.name}!`,
    '',
    document.kind === 'invoice'
      ? `Saadame manuses arve nr ${invoice.number} summas ${formatMoney(invoice.totalCents)}. ${invoicePaymentRequest(document)}`
      : `Saadame manuses kreeditarve nr ${invoice.number} summas ${formatMoney(invoice.totalCents)} arvele nr ${document.credits?.number ?? ''}.`,
    '',
    'Küsimuste korral vastake sellele kirjale.',
    '',
    `${document.seller.name}`,
  ];
  const text = lines.join('\n');
  const html = mailLayout(subject, lines.filter(Boolean).map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'));
  return { subject, text, html };
}

/**
 * E-mails the document's PDF to its buyer through the outbox (the PDF is made when the message is sent). The message
 * and its audit record are one batch; the message is written already claimed (the booking confirmation's way, see
 * `outboxInsert`) and its first attempt runs in the background, so the answer waits for the provider at most
 * `confirmationWaitMs`: 'sent' (or logged), 'failed' when the provider refused it, 'pending' when it has not gone
 * yet: the outbox retries it (a hanging provider included) and the invoice's detail shows how it ends.
 */
export async function sendInvoice(
  deps: Pick<AppDeps, 'db' | 'mail' | 'now' | 'log' | 'waitUntil' | 'config' | 'invoicePdf' | 'invoiceUbl'>,
  invoiceId: number,
  actor: Actor,
): Promise<InvoiceSendResult> {
  const invoice = await getInvoice(deps, invoiceId);
  const to = invoice.buyerEmail;
  if (!to) throw new ApiError('invoice_no_email');
  const mail = { to, ...invoiceMail(invoice, invoice.document) };
  // Issue 39: a buyer who asked for e-invoices gets the XML beside the PDF.
  const attachments: MailAttachmentRef[] = [{ type: 'invoice_pdf', invoiceId }, ...(invoice.document.buyer.wantsEInvoice ? [{ type: 'invoice_ubl' as const, invoiceId }] : [])];
  const writtenAt = deps.now();
  const [queued] = await deps.db.batch([
    outboxInsert(deps.db, { kind: 'invoice', ...mail, bookingId: invoice.bookingId ?? undefined, attachments }, writtenAt, { claimed: true }),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'invoice.send',
      severity: 'medium',
      resourceType: 'invoice',
      resourceId: String(invoiceId),
      metadata: { to, number: invoice.number, file: invoiceFileName(invoice.kind, invoice.number) },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  ]);
  const outboxId = queued[0]!.id;
  const first = await deliverSoon(deps, { id: outboxId, kind: 'invoice', writtenAt, mail, attachments }, deps.config.confirmationWaitMs);
  return { state: first === 'queued' ? 'pending' : first, to, outboxId };
}

