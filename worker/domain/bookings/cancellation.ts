/**
 * Cancelling a booking with its money: the transition `cancel` (the admin's "Tühista broneering", which also settles
 * a guest's cancellation request) and the statements every cancellation is made of, which the edition's
 * cancellation (../retreats/edition-cancellation.ts) uses for each of its bookings:
 *
 * 1. the booking cancelled, only from the version read, in a state that may be cancelled, and only if what its
 *    ledger holds is still what was read; it records what it keeps and stamps the cancellation's token;
 * 2. the audit record, the guest's e-mail, the refund (the ledger's door) and the credit notes, each written only
 *    where the token is, so either all of it is in the books or none of it. A credit note aborts the whole batch if
 *    its invoice was credited in the meantime.
 *
 * The refund the terms give (src/lib/cancellation.ts) is computed on what the booking is billed, never on money paid
 * beyond it: an overpayment goes back whole.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { refundQuote } from '../../../src/lib/cancellation';
import { TRANSITIONS } from '../../../src/lib/booking-lifecycle';
import { CANCEL_MESSAGES, type CancellationPreview, type CancelValues } from '../../../src/lib/payments';
import { INVOICE_TEXTS, type InvoiceDocument } from '../../../src/lib/invoices/documents';
import type { PaymentMethod } from '../../../src/lib/enums';
import { tallinnDay } from '../../../src/lib/format';
import { bookings, invoices } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { auditIfChanged } from '../audit';
import { creditNoteDraft } from '../invoices/document';
import { offerFreedPlaces } from './offers';
import { failedWith } from '../../db/failures';
import { getBookingDetail } from './record';
import type { Actor } from '../actor';
import { creditedTotal, documentInsert, getInvoice, OUTER_INVOICE_ID } from '../invoices/issue';
import { cancellationRefund, paidSoFar, scheduleFactsOf, type ScheduleFacts } from '../money/ledger';
import { detailStart } from './days';
import { GUEST_NOTICES, guestNoticeInsert, type GuestNoticeKind, type Notice } from '../mail/guest-notices';
import { IN_STATES_SQL } from './states';
import { requireTransition } from './lifecycle';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;
type Statement = Parameters<Deps['db']['batch']>[0][number];

/** A credit note a cancellation issues: the invoice (as frozen), what was credited of it so far, and how much now. */
export interface CancellationCredit {
  invoice: InvoiceDocument & { id: number };
  creditedCents: number;
  /** Less than its whole uncredited rest: one line for this much (the booking keeps a fee). */
  partial?: { cents: number; description: string };
}

/** Everything one booking's cancellation writes. */
export interface Cancellation {
  booking: { id: number; version: number; state: string; firstName: string | null; paidCents: number; facts: ScheduleFacts };
  refundCents: number;
  method: PaymentMethod;
  /** The ledger row's note. */
  refundNote: string;
  reason: string | null;
  credits: CancellationCredit[];
  notice: { kind: GuestNoticeKind; notice: Notice };
  audit: Record<string, unknown>;
  actor: Actor;
  /** The cancellation's token: every statement after the first is written only where it is. */
  token: string;
}

/** The statements of one booking's cancellation, in order; the first one's rowsAffected says whether it happened. */
export function cancellationStatements(deps: Deps, c: Cancellation): Statement[] {
  const { db } = deps;
  const stamp = deps.now().toISOString();
  const today = tallinnDay(deps.now());
  const id = c.booking.id;
  const ours: SQL = sql`EXISTS (SELECT 1 FROM ${bookings} WHERE id = ${id} AND cancellation_id = ${c.token})`;
  return [
    db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: stamp, cancellationId: c.token, keptCents: c.booking.paidCents - c.refundCents, version: sql`${bookings.version} + 1`, updatedAt: stamp })
      .where(and(eq(bookings.id, id), eq(bookings.version, c.booking.version), IN_STATES_SQL('"bookings"', TRANSITIONS.cancel), sql`${paidSoFar(id)} = ${c.booking.paidCents}`)),
    auditIfChanged(deps, {
      actor: c.actor,
      action: 'booking.cancel',
      severity: 'high',
      resourceType: 'booking',
      resourceId: String(id),
      metadata: { from: c.booking.state, paidCents: c.booking.paidCents, refundCents: c.refundCents, keptCents: c.booking.paidCents - c.refundCents, reason: c.reason, ...c.audit },
    }),
    guestNoticeInsert(deps, { id, firstName: c.booking.firstName }, c.notice.kind, c.notice.notice, ours),
    ...cancellationRefund(deps, { bookingId: id, amountCents: c.refundCents, method: c.method, note: c.refundNote, actor: c.actor, facts: c.booking.facts, when: ours }),
    ...c.credits.flatMap((credit) =>
      documentInsert(
        deps,
        creditNoteDraft(credit.invoice, credit.creditedCents, c.reason, today, deps.config.seller, credit.partial),
        { bookingId: id, creditsInvoiceId: credit.invoice.id },
        ours,
        c.actor,
        'invoice.credit_note',
        sql`${creditedTotal(credit.invoice.id)} = ${credit.creditedCents}`,
      ),
    ),
  ] as Statement[];
}

/** How a credit note refuses its batch: its invoice was credited since it was read, so its row got no series number. */
const CREDIT_NOTE_RACE = /invoice numbers form one consecutive series|NOT NULL constraint failed: invoices\.series_number/;

/**
 * Runs a cancellation's batch; a credit note whose invoice changed since it was read refuses the whole of it, as does
 * the caller's own guard (`guardRefusal`: the error its first statement raises to abort), each answered `changed()`.
 */
export async function runCancellationBatch(deps: Deps, statements: Statement[], changed: () => ApiError, guardRefusal?: RegExp): Promise<readonly unknown[]> {
  try {
    return await deps.db.batch(statements as unknown as Parameters<Deps['db']['batch']>[0]);
  } catch (err) {
    if (failedWith(err, CREDIT_NOTE_RACE) || (guardRefusal && failedWith(err, guardRefusal))) throw changed();
    throw err;
  }
}

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
  requireTransition(booking.state, 'cancel');
  const [ledger] = await deps.db.select({ paid: paidSoFar(bookingId) }).from(bookings).where(eq(bookings.id, bookingId));
  const paid = Number(ledger?.paid ?? 0);
  const quote = refundQuote({ startDate: detailStart(booking), today: tallinnDay(deps.now()), paidCents: paid, billedCents: booking.totals.billedCents });
  return { booking, paid, quote, invoice: await openInvoice(deps, bookingId) };
}

export async function cancellationPreview(deps: Deps, bookingId: number): Promise<CancellationPreview> {
  const { booking, quote, invoice } = await cancellable(deps, bookingId);
  return { version: booking.version, quote, invoice };
}

/** The transition `cancel`: the refund as the admin confirmed or changed it, and the invoice credited to what is kept. */
export async function cancelBooking(deps: Deps & Pick<AppDeps, 'config'>, bookingId: number, input: CancelValues, actor: Actor): Promise<{ creditNoteId: number | null }> {
  const { booking, paid, quote, invoice } = await cancellable(deps, bookingId);
  if (booking.version !== input.version) throw new ApiError('booking_changed');
  if (input.refund > paid) throw new ApiError('validation_failed', { details: [{ path: 'refund', message: CANCEL_MESSAGES.refundExceedsPaid }] });
  const kept = paid - input.refund;
  // The invoice is taken down to what the guest keeps paying.
  const creditCents = invoice ? Math.max(0, invoice.uncreditedCents - kept) : 0;
  const original = invoice && creditCents > 0 ? await getInvoice(deps, invoice.id) : null;
  const statements = cancellationStatements(deps, {
    booking: { id: bookingId, version: input.version, state: booking.state, firstName: booking.guest?.firstName ?? null, paidCents: paid, facts: scheduleFactsOf({ ...booking, startDate: detailStart(booking) }) },
    refundCents: input.refund,
    method: input.method,
    refundNote: input.reason ?? 'Tühistamine',
    reason: input.reason,
    credits: original
      ? [{ invoice: { ...original.document, id: original.id }, creditedCents: original.creditedCents, partial: { cents: creditCents, description: INVOICE_TEXTS.cancellationLine(bookingId) } }]
      : [],
    notice: { kind: 'booking_cancelled', notice: GUEST_NOTICES.cancelled({ id: bookingId }, input.refund) },
    audit: { quotedRefundCents: quote.refundCents, overpaidCents: quote.overpaidCents, daysBefore: quote.daysBefore, tier: quote.tier, creditCents },
    actor,
    token: crypto.randomUUID(),
  });
  const results = await runCancellationBatch(deps, statements, () => new ApiError('booking_changed'));
  if ((results[0] as { rowsAffected: number }).rowsAffected === 0) throw new ApiError('booking_changed');
  const credit = original ? (results[results.length - 2] as { id: number }[])[0] : undefined;
  // Its places are free: the waiting list's first party that fits is offered them (issue 38).
  await offerFreedPlaces(deps, booking.retreat?.id);
  return { creditNoteId: credit?.id ?? null };
}
