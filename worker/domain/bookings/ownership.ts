/**
 * Which bookings are a signed-in guest's own (the guest portal's one rule, issue "Guest portal"): made while they were
 * signed in, or its main guest's e-mail is the address their account has confirmed (never an unconfirmed one).
 * Anything else answers 404, as if it did not exist. The portal's reads and the guest's online payment ask it.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { bookings, guests, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { COMPLETE_TRAVELLERS } from '../travellers/completeness';
import { BOOKING_PEOPLE_COLUMNS } from './days';
import { bookingNotFound } from '../not-found';

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
      scheduleStartsAt: bookings.scheduleStartsAt,
      offerExpiresAt: bookings.offerExpiresAt,
      owedCents: bookings.owedCents,
      amountPaidCents: bookings.amountPaidCents,
      keptCents: bookings.keptCents,
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

/** One owned booking's row, or 404 (another user's booking answers exactly as a missing one). */
export async function ownedBooking(deps: Deps, userId: string, bookingId: number): Promise<OwnedRow> {
  const [row] = await ownedRows(deps, userId, { where: eq(bookings.id, bookingId) });
  if (!row) throw bookingNotFound();
  return row;
}

