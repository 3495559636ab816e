/**
 * Cancelling a booking with its money (issue "Back office II"): the refund the terms give on the day (src/lib/
 * cancellation.ts) as the admin confirmed or changed it, recorded as a negative payment, and a credit note that takes
 * the booking's newest invoice down to what is kept, all in one batch with the cancellation. The batch's first
 * statement cancels (only from the version the admin saw, and only if what was paid is still what was quoted) and
 * stamps a token; every later statement runs only where that token is, and the credit note aborts the whole batch if
 * its invoice was credited in the meantime. So either all of it is in the books, or none of it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { refundQuote } from '../../../src/lib/cancellation';
import type { CancellationPreview, CancelValues } from '../../../src/lib/admin/payments';
import { CANCEL_MESSAGES } from '../../../src/lib/admin/payments';
import { INVOICE_TEXTS } from '../../../src/lib/admin/invoices';
import { tallinnDay } from '../../../src/lib/format';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { bookings, invoices, payments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { auditIfChanged } from '../audit';
import { creditNoteDraft } from '../invoices/document';
import { getBookingDetail } from '../bookings/record';
import type { Actor } from '../actor';
import { creditedTotal, documentInsert, getInvoice, OUTER_INVOICE_ID } from '../invoices/issue';
import { deriveFromLedger, paidSoFar, scheduleFactsOf } from '../money/ledger';
import { detailStart } from './days';
import { GUEST_NOTICES, guestNoticeInsert } from '../mail/guest-notices';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** The newest invoice of the booking that is not wholly credited yet. */
async function openInvoice({ db }: Deps, bookingId: number) {
  const credited = creditedTotal(OUTER_INVOICE_ID);
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number, uncredited: sql<number>`${invoices.totalCents} + ${credited}` })
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice'), sql`${invoices.totalCents} + ${credited} > 0`))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ? { id: row.id, number: row.number, uncreditedCents: Number(row.uncredited) } : null;
}

/** The booking, what its ledger holds (a refund can only give back what the ledger took in), the quote, the invoice. */
async function cancellable(deps: Deps, bookingId: number) {
  const booking = await getBookingDetail(deps, bookingId);
  if (booking.status === 'cancelled') throw new ApiError('already_cancelled');
  const [ledger] = await deps.db.select({ paid: paidSoFar(bookingId) }).from(bookings).where(eq(bookings.id, bookingId));
  const paid = Number(ledger?.paid ?? 0);
  const quote = refundQuote({ startDate: detailStart(booking), today: tallinnDay(deps.now()), paidCents: paid });
  return { booking, paid, quote, invoice: await openInvoice(deps, bookingId) };
}

export async function cancellationPreview(deps: Deps, bookingId: number): Promise<CancellationPreview> {
  const { booking, quote, invoice } = await cancellable(deps, bookingId);
  return { version: booking.version, quote, invoice };
}

export async function cancelBooking(deps: Deps, bookingId: number, input: CancelValues, actor: Actor): Promise<{ creditNoteId: number | null }> {
  const { db } = deps;
  const { booking, paid, quote, invoice } = await cancellable(deps, bookingId);
  if (booking.version !== input.version) throw new ApiError('booking_changed');
  if (input.refund > paid) throw new ApiError('validation_failed', { details: [{ path: 'refund', message: CANCEL_MESSAGES.refundExceedsPaid }] });
  const now = deps.now();
  const today = tallinnDay(now);
  const token = crypto.randomUUID();
  const ours = sql`EXISTS (SELECT 1 FROM ${bookings} WHERE id = ${bookingId} AND cancellation_id = ${token})`;
  // The invoice is taken down to what the guest keeps paying.
  const creditCents = invoice ? Math.max(0, invoice.uncreditedCents - (paid - input.refund)) : 0;
  const original = invoice && creditCents > 0 ? await getInvoice(deps, invoice.id) : null;

  const statements = [
    db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now.toISOString(), cancellationId: token, version: sql`${bookings.version} + 1`, updatedAt: now.toISOString() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.version, input.version), sql`${bookings.status} <> 'cancelled'`, sql`${paidSoFar(bookingId)} = ${paid}`)),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'booking.cancel',
      severity: 'high',
      resourceType: 'booking',
      resourceId: String(bookingId),
      metadata: { from: booking.status, paidCents: paid, quotedRefundCents: quote.refundCents, refundCents: input.refund, daysBefore: quote.daysBefore, tier: quote.tier, creditCents, reason: input.reason },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
    guestNoticeInsert(deps, { id: bookingId, firstName: booking.guest?.firstName ?? null }, 'booking_cancelled', GUEST_NOTICES.cancelled({ id: bookingId }, input.refund), ours),
    ...(input.refund > 0
      ? [
          db.run(sql`
            INSERT INTO ${payments} (booking_id, amount_cents, method, received_on, reference, note, recorded_by, created_at)
            SELECT ${bookingId}, ${-input.refund}, ${input.method}, ${today}, ${bookingReferenceNumber(bookingId)}, ${input.reason ?? 'Tühistamine'}, ${actor.userId}, ${now.toISOString()}
            WHERE ${ours}`),
          deriveFromLedger(deps, bookingId, scheduleFactsOf({ ...booking, startDate: detailStart(booking) })),
        ]
      : []),
    ...(original
      ? documentInsert(
          deps,
          creditNoteDraft({ ...original.document, id: original.id }, original.creditedCents, input.reason, today, { cents: creditCents, description: INVOICE_TEXTS.cancellationLine(bookingId) }),
          { bookingId, creditsInvoiceId: original.id },
          ours,
          actor,
          'invoice.credit_note',
          sql`${creditedTotal(original.id)} = ${original.creditedCents}`,
        )
      : []),
  ];
  let results: readonly unknown[];
  try {
    results = await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  } catch (err) {
    // The credit note's invoice changed since it was read: its row got no series number, which the series trigger
    // refused, and nothing went in.
    for (let e: unknown = err; e instanceof Error; e = e.cause) {
      if (/invoice numbers form one consecutive series|NOT NULL constraint failed: invoices\.series_number/.test(e.message)) throw new ApiError('booking_changed');
    }
    throw err;
  }
  if ((results[0] as { rowsAffected: number }).rowsAffected === 0) throw new ApiError('booking_changed');
  const credit = original ? (results[results.length - 2] as { id: number }[])[0] : undefined;
  return { creditNoteId: credit?.id ?? null };
}
