/**
 * The guest portal's reads (issue "Guest portal"): a signed-in guest's own bookings and nothing else. A booking is
 * theirs when it was made while they were signed in, or its main guest's e-mail is the address their account has
 * confirmed (never an unconfirmed one). Anything else answers 404, as if it did not exist.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import settings from '../../content/settings/site.json';
import { tallinnDay } from '../../src/lib/format';
import { bookingSchedule } from '../../src/lib/payment-schedule';
import type { MyBookingDetail, MyBookingSummary } from '../../src/lib/portal';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { RETREAT_EDITIONS } from '../../src/lib/retreat-editions';
import { bookings, emailOutbox, guests, invoices, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** The ownership rule, as SQL over `bookings` joined with its main guest. */
function ownedBy(userId: string): SQL {
  return sql`(${bookings.userId} = ${userId} OR EXISTS (
    SELECT 1 FROM users AS u WHERE u.id = ${userId} AND u.email_confirmed_at IS NOT NULL AND u.email = lower(${guests.email})))`;
}

async function ownedRows({ db }: Deps, userId: string, where?: SQL) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      createdAt: bookings.createdAt,
      edition: bookings.retreatEdition,
      checkInDate: bookings.checkInDate,
      checkOutDate: bookings.checkOutDate,
      retreatName: retreats.name,
      retreatStart: retreats.startDate,
      retreatEnd: retreats.endDate,
      companions: bookings.companions,
      owedCents: bookings.owedCents,
      amountPaidCents: bookings.amountPaidCents,
    })
    .from(bookings)
    .innerJoin(guests, eq(guests.id, bookings.guestId))
    .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
    .where(and(ownedBy(userId), where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(100);
}

type Row = Awaited<ReturnType<typeof ownedRows>>[number];

function toSummary(row: Row): MyBookingSummary {
  const edition = RETREAT_EDITIONS.find((e) => e.id === row.edition);
  const paidCents = row.amountPaidCents ?? 0;
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    retreat: {
      name: row.retreatName ?? settings.retreatName,
      startDate: row.retreatStart ?? edition?.startDate ?? row.checkInDate,
      endDate: row.retreatEnd ?? edition?.endDate ?? row.checkOutDate,
    },
    companions: row.companions?.length ?? 0,
    owedCents: row.owedCents,
    paidCents,
    outstandingCents: row.status === 'cancelled' ? 0 : Math.max(0, row.owedCents - paidCents),
  };
}

export async function myBookings(deps: Deps, userId: string): Promise<MyBookingSummary[]> {
  return (await ownedRows(deps, userId)).map(toSummary);
}

export async function myBooking(deps: Deps, userId: string, bookingId: number): Promise<MyBookingDetail> {
  const [row] = await ownedRows(deps, userId, eq(bookings.id, bookingId));
  if (!row) throw new ApiError('not_found', { message: 'Broneeringut ei leitud' });
  const summary = toSummary(row);
  const [documents, emails] = await deps.db.batch([
    deps.db
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, issuedOn: invoices.issuedOn, totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.bookingId, bookingId))
      .orderBy(desc(invoices.id)),
    deps.db
      .select({ subject: emailOutbox.subject, sentAt: emailOutbox.sentAt, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, bookingId), inArray(emailOutbox.status, ['sent', 'logged'])))
      .orderBy(desc(emailOutbox.id))
      .limit(50),
  ]);
  const { seller } = settings.invoicing;
  return {
    ...summary,
    companionNames: (row.companions ?? []).map((c) => `${c.first_name} ${c.last_name}`.trim()),
    schedule: bookingSchedule({ status: row.status, createdAt: row.createdAt, startDate: summary.retreat.startDate, owedCents: row.owedCents, amountPaidCents: row.amountPaidCents }, tallinnDay(deps.now())),
    payment: { referenceNumber: bookingReferenceNumber(row.id), recipient: seller.name, iban: seller.iban, bank: seller.bank },
    invoices: documents,
    emails,
  };
}
