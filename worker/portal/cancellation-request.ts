/**
 * A guest's cancellation request from the portal (issue "Guest portal"): records the day and the refund the terms give
 * that day (the same refundQuote the admin's "Tühista broneering" uses) and tells the team. Nothing is refunded or
 * cancelled here: an admin confirms it in the back office, where the dialog shows the same calculation.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { refundQuote } from '../../src/lib/cancellation';
import { formatMoney, tallinnDay } from '../../src/lib/format';
import { SITE_CONTACTS } from '../../src/lib/retreat-editions';
import { bookings } from '../db/schema';
import { outboxInsert } from '../domain/mail/outbox';
import { MAY_SQL, requireTransition } from '../domain/bookings/lifecycle';
import { stateOf } from '../domain/bookings/states';
import { billedCents, moneyRowOf } from '../domain/money/balance';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { auditIfChanged } from '../domain/audit';
import { escapeHtml, mailLayout, summaryTable } from '../domain/mail/html';
import { GUEST_NOTICES, guestNoticeInsert } from '../domain/mail/guest-notices';
import { ownedBooking } from '../domain/bookings/ownership';
import { bookingOpen, retreatOf } from '../domain/bookings/days';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

function teamMail(booking: { id: number; name: string; email: string | null }, refundCents: number, reason: string | undefined, origin: string) {
  const subject = `Tühistamise soov: broneering nr ${booking.id}`;
  const intro = `${booking.name} soovib broneeringu nr ${booking.id} tühistada. Kinnita tühistamine broneeringu lehel ("Tühista broneering").`;
  const summary = summaryTable([
    ['Broneering', `${origin}/admin/bookings/${booking.id}`],
    ['Klient', `${booking.name}${booking.email ? ` <${booking.email}>` : ''}`],
    ['Tingimuste järgi tagastus', formatMoney(refundCents)],
    ['Põhjus', reason],
  ]);
  return {
    subject,
    text: `${intro}\n\n${summary.text}\n\n${SITE_CONTACTS.retreatName}`,
    html: mailLayout(subject, `<p>${escapeHtml(intro)}</p>${summary.html}`),
  };
}

export async function requestCancellation(deps: Deps, actor: Actor, bookingId: number, input: { reason?: string }) {
  const booking = await ownedBooking(deps, actor.userId, bookingId);
  requireTransition(stateOf(booking), 'requestCancellation');
  if (booking.cancellationRequestedAt) throw new ApiError('cancellation_already_requested');
  const today = tallinnDay(deps.now());
  const { startDate, endDate } = retreatOf(booking);
  if (!bookingOpen(booking, endDate, today)) throw new ApiError('booking_closed');
  const quote = refundQuote({ startDate, today, paidCents: booking.amountPaidCents ?? 0, billedCents: billedCents(moneyRowOf(booking)) });
  const stamp = deps.now().toISOString();
  const mail = teamMail(
    { id: bookingId, name: `${booking.guestFirstName} ${booking.guestLastName}`, email: booking.guestEmail },
    quote.refundCents,
    input.reason,
    deps.config.publicOrigin,
  );
  // The guarded UPDATE is the lock: of two requests at once only one finds the column empty; the audit record and
  // the team's e-mail follow it in the same batch only then (each inserts only if the statement before it changed a
  // row), and the second request gets 409.
  const [updated] = await deps.db.batch([
    deps.db
      .update(bookings)
      .set({ cancellationRequestedAt: stamp, cancellationRequestRefundCents: quote.refundCents })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.cancellationRequestedAt), MAY_SQL('"bookings"', 'requestCancellation'))),
    auditIfChanged(deps, {
      actor,
      action: 'booking.cancellation_requested',
      severity: 'medium',
      resourceType: 'booking',
      resourceId: String(bookingId),
      metadata: { refundCents: quote.refundCents, daysBefore: quote.daysBefore, reason: input.reason ?? null },
    }),
    outboxInsert(deps.db, { kind: 'cancellation_request', to: deps.config.teamEmail, bookingId, ...mail }, deps.now(), { when: sql`changes() > 0` }),
    // The guest hears that the request arrived and what the terms give back today.
    guestNoticeInsert(
      deps,
      { id: bookingId, firstName: booking.guestFirstName },
      'cancellation_received',
      GUEST_NOTICES.cancellationReceived({ id: bookingId }, quote.refundCents),
      sql`EXISTS (SELECT 1 FROM ${bookings} WHERE id = ${bookingId} AND cancellation_requested_at = ${stamp})`,
    ),
  ]);
  if (updated.rowsAffected === 0) throw new ApiError('cancellation_already_requested');
  return { requestedAt: stamp, refundCents: quote.refundCents, quote };
}
