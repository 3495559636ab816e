/**
 * The guest portal's reads (issue "Guest portal"): a signed-in guest's own bookings and nothing else. A booking is
 * theirs when it was made while they were signed in, or its main guest's e-mail is the address their account has
 * confirmed (never an unconfirmed one). Anything else answers 404, as if it did not exist.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bookingNotFound } from '../domain/bookings/record';
import settings from '../../content/settings/site.json';
import { refundQuote } from '../../src/lib/cancellation';
import { tallinnDay } from '../../src/lib/format';
import { bookingSchedule } from '../domain/money/schedule';
import { outstandingCents } from '../domain/money/balance';
import type { MyBookingDetail, MyBookingSummary } from '../../src/lib/portal';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { travelDetailsDueOn } from '../../src/lib/travel-details';
import { bookings, bookingTravellers, emailOutbox, guests, invoices, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { COMPLETE_TRAVELLERS } from '../domain/travellers/completeness';
import { travellerViews } from '../domain/travellers/views';
import { BOOKING_PEOPLE_COLUMNS, bookingOpen, retreatOf } from '../domain/bookings/days';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** The ownership rule, as SQL over `bookings` joined with its main guest. */
export function ownedBy(userId: string): SQL {
  return sql`(${bookings.userId} = ${userId} OR EXISTS (
    SELECT 1 FROM users AS u WHERE u.id = ${userId} AND u.email_confirmed_at IS NOT NULL AND u.email = lower(${guests.email})))`;
}

/** The list shows at most this many; export and deletion take them all. */
const LIST_LIMIT = 100;

export async function ownedRows({ db }: Deps, userId: string, { where, all = false }: { where?: SQL; all?: boolean } = {}) {
  const query = db
    .select({
      ...BOOKING_PEOPLE_COLUMNS,
      id: bookings.id,
      status: bookings.status,
      waitingList: bookings.waitingList,
      createdAt: bookings.createdAt,
      owedCents: bookings.owedCents,
      amountPaidCents: bookings.amountPaidCents,
      paymentPlan: bookings.paymentPlan,
      advanceCents: bookings.advanceCents,
      cancellationRequestedAt: bookings.cancellationRequestedAt,
      cancellationRequestRefundCents: bookings.cancellationRequestRefundCents,
      guestEmail: guests.email,
      completeTravellers: sql<number>`${COMPLETE_TRAVELLERS('bookings')}`,
    })
    .from(bookings)
    .innerJoin(guests, eq(guests.id, bookings.guestId))
    .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
    .where(and(ownedBy(userId), where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return all ? query : query.limit(LIST_LIMIT);
}

export type OwnedRow = Awaited<ReturnType<typeof ownedRows>>[number];

function toSummary(row: OwnedRow): MyBookingSummary {
  const paidCents = row.amountPaidCents ?? 0;
  return {
    id: row.id,
    status: row.status,
    waitingList: row.waitingList,
    createdAt: row.createdAt,
    retreat: retreatOf(row),
    companions: row.companions?.length ?? 0,
    owedCents: row.owedCents,
    paidCents,
    outstandingCents: outstandingCents({ status: row.status, billedCents: row.owedCents, paidCents }),
    travelDetails: { complete: row.completeTravellers, total: 1 + (row.companions?.length ?? 0) },
  };
}

export async function myBookings(deps: Deps, userId: string): Promise<MyBookingSummary[]> {
  return (await ownedRows(deps, userId)).map(toSummary);
}

/** One owned booking's row, or 404 (another user's booking answers exactly as a missing one). */
export async function ownedBooking(deps: Deps, userId: string, bookingId: number): Promise<OwnedRow> {
  const [row] = await ownedRows(deps, userId, { where: eq(bookings.id, bookingId) });
  if (!row) throw bookingNotFound();
  return row;
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
    onlinePayment: onlinePayment && row.status !== 'cancelled' && next ? { next: { part: next.part, amountCents: next.outstandingCents }, restCents: rest } : null,
    payment: { referenceNumber: bookingReferenceNumber(row.id), recipient: seller.name, iban: seller.iban, bank: seller.bank },
    invoices: documents,
    emails,
    people: travellerViews(row, travellerRows, summary.retreat.endDate, { withHealth: true }),
    travel: { dueOn: travelDetailsDueOn(summary.retreat.startDate), editable: open },
    cancellation: {
      requestedAt: row.cancellationRequestedAt,
      requestedRefundCents: row.cancellationRequestRefundCents,
      quote: open && !requested ? refundQuote({ startDate: summary.retreat.startDate, today, paidCents: row.amountPaidCents ?? 0 }) : null,
      canRequest: open && !requested,
    },
  };
}
