/**
 * The guest portal's reads (issue "Guest portal"): a signed-in guest's own bookings and nothing else. A booking is
 * theirs when it was made while they were signed in, or its main guest's e-mail is the address their account has
 * confirmed (never an unconfirmed one). Anything else answers 404, as if it did not exist.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { ownedBooking, ownedRows, type OwnedRow } from '../domain/bookings/ownership';
import settings from '../../content/settings/site.json';
import { refundQuote } from '../../src/lib/cancellation';
import { tallinnDay } from '../../src/lib/format';
import { bookingSchedule } from '../domain/money/schedule';
import { billedCents, moneyRowOf, outstandingCents, refundOwedCents } from '../domain/money/balance';
import { holdsOffer, stateOf } from '../domain/bookings/states';
import type { MyBookingDetail, MyBookingSummary } from '../../src/lib/portal';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { travelDetailsDueOn } from '../../src/lib/travel-details';
import { bookingTravellers, emailOutbox, invoices } from '../db/schema';
import type { AppDeps } from '../deps';
import { travellerViews } from '../domain/travellers/views';
import { bookingOpen, retreatOf } from '../domain/bookings/days';

type Deps = Pick<AppDeps, 'db' | 'now'>;

function toSummary(row: OwnedRow): MyBookingSummary {
  const paidCents = row.amountPaidCents ?? 0;
  const money = moneyRowOf(row);
  return {
    id: row.id,
    status: row.status,
    state: stateOf(row),
    waitingList: row.waitingList,
    createdAt: row.createdAt,
    retreat: retreatOf(row),
    companions: row.companions?.length ?? 0,
    owedCents: row.owedCents,
    paidCents,
    outstandingCents: outstandingCents(money),
    refundOwedCents: refundOwedCents(money),
    travelDetails: { complete: row.completeTravellers, total: 1 + (row.companions?.length ?? 0) },
    offerExpiresAt: holdsOffer(row) ? row.offerExpiresAt : null,
  };
}

export async function myBookings(deps: Deps, userId: string): Promise<MyBookingSummary[]> {
  return (await ownedRows(deps, userId)).map(toSummary);
}

/** `onlinePayment`: whether online payment is configured (issue "Pay online"; the keys stay on the server). */
export async function myBooking(deps: Deps, userId: string, bookingId: number, { onlinePayment = false }: { onlinePayment?: boolean } = {}): Promise<MyBookingDetail> {
  const row = await ownedBooking(deps, userId, bookingId);
  const summary = toSummary(row);
  const today = tallinnDay(deps.now());
  const [documents, emails, travellerRows] = await deps.db.batch([
    deps.db
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, issuedOn: invoices.issuedOn, totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.bookingId, bookingId))
      .orderBy(desc(invoices.id)),
    // Only what went to the guest's own address (the team's notifications about the booking are not theirs).
    deps.db
      .select({ subject: emailOutbox.subject, sentAt: emailOutbox.sentAt, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.bookingId, bookingId), inArray(emailOutbox.status, ['sent', 'logged']), eq(emailOutbox.toAddress, (row.guestEmail ?? '').toLowerCase())),
      )
      .orderBy(desc(emailOutbox.id))
      .limit(50),
    deps.db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId)),
  ]);
  const { seller } = settings.invoicing;
  const open = bookingOpen(row, summary.retreat.endDate, today);
  const requested = row.cancellationRequestedAt !== null;
  const schedule = bookingSchedule({ ...row, startDate: summary.retreat.startDate }, today);
  // What "Maksa kohe" offers: the next part with money open on it, and all that is open (the same rule as
  // worker/domain/payments/online/orders.ts's amountDue); none on a cancelled booking or without the provider's keys.
  const next = schedule.find((item) => item.outstandingCents > 0);
  const rest = schedule.reduce((sum, item) => sum + item.outstandingCents, 0);
  return {
    ...summary,
    today,
    companionNames: (row.companions ?? []).map((c) => `${c.first_name} ${c.last_name}`.trim()),
    schedule,
    onlinePayment: onlinePayment && next ? { next: { part: next.part, amountCents: next.outstandingCents }, restCents: rest } : null,
    payment: { referenceNumber: bookingReferenceNumber(row.id), recipient: seller.name, iban: seller.iban, bank: seller.bank },
    invoices: documents,
    emails,
    people: travellerViews(row, travellerRows, summary.retreat.endDate, { withHealth: true }),
    travel: { dueOn: travelDetailsDueOn(summary.retreat.startDate), editable: open },
    cancellation: {
      requestedAt: row.cancellationRequestedAt,
      requestedRefundCents: row.cancellationRequestRefundCents,
      quote: open && !requested ? refundQuote({ startDate: summary.retreat.startDate, today, paidCents: row.amountPaidCents ?? 0, billedCents: billedCents(moneyRowOf(row)) }) : null,
      canRequest: open && !requested,
    },
  };
}
