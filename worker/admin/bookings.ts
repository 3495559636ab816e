/**
 * The back office's bookings (admin spec section 2 bookings screens, 4, 5, 7, 9): the list with search, filters,
 * sort and paging on the server; one booking's detail; the guest's record, the reminders switch; the admin-made
 * booking. The lifecycle's transitions and the money are the core's (worker/domain/bookings/, worker/domain/money/):
 * every list filter and figure here asks them, never the status columns itself.
 */
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { BookingCounts, BookingDetail, BookingListItem, BookingListResponse, GuestOption, HealthInfo } from '../../src/lib/admin/booking-views';
import { ADMIN_BOOKING_MESSAGES, type AdminBookingCreate, type BookingListQuery, type GuestEdit } from '../../src/lib/admin/bookings';
import { statusesMatching } from '../../src/lib/labels';
import { adminBookingPrice, PRICED_ROOM_OF } from '../../src/lib/admin/pricing';
import { BOOKING_MESSAGES } from '../../src/lib/booking/form-options';
import { tallinnDay } from '../../src/lib/format';
import { bookingIdOfReference } from '../../src/lib/reference-number';
import { guestIdsMatching, orderBy, pageWindow } from '../db/paging';
import { bookings, customers, guests, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { auditIfChanged, healthReadAudit } from '../domain/audit';
import { changedFields, detailOf, getBookingDetail, healthInfoOf, loadRow, rowQuery } from '../domain/bookings/record';
import { bookingNotFound } from '../domain/not-found';
import { IN_STATES_SQL, PARTICIPANT_SQL, stateOf, statesOfStatus, storedState } from '../domain/bookings/states';
import { moneyRowOf, outstandingCents, OWES_SQL, refundOwedCents, REFUND_OWED_FILTER_SQL } from '../domain/money/balance';
import { GUEST_NOTICES, guestNoticeInsert } from '../domain/mail/guest-notices';
import { editionRefusal, editionRefusalError, readEdition } from '../domain/retreats/eligibility';
import { TRAVEL_DETAILS_MISSING } from '../domain/travellers/completeness';
import { batchWithSessionCheck, type SessionCheck } from '../domain/auth/session-check';
import { factColumnsOf, rememberFacts } from '../domain/money/known-facts';
import type { Actor } from '../domain/actor';

type Deps = Pick<AppDeps, 'db' | 'now' | 'log'>;

// ── list ────────────────────────────────────────────────────────────────────────────────────────────────────────

export const SORT_COLUMNS = {
  created: [bookings.createdAt],
  name: [guests.lastName, guests.firstName],
  email: [guests.email],
  status: [bookings.status],
  room: [bookings.roomType],
  // "Summa" is what the booking bills (base price, services, companions' own prices), as the list shows it.
  amount: [bookings.owedCents],
} as const;

/** The list's "Ootejärjekord" filter: only the waiting list, or none of it. */
const WAITING_LIST_FILTER = { yes: IN_STATES_SQL('"bookings"', ['waiting']), no: sql`NOT ${IN_STATES_SQL('"bookings"', ['waiting'])}` };

/** The list's search and filters as SQL: the list screen and its CSV export select exactly the same bookings. */
export function listFilter(query: BookingListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(IN_STATES_SQL('"bookings"', statesOfStatus(query.status)));
  if (query.paymentStatus) conditions.push(eq(bookings.paymentStatus, query.paymentStatus));
  if (query.retreatId) conditions.push(eq(bookings.retreatId, query.retreatId));
  if (query.waitingList) conditions.push(WAITING_LIST_FILTER[query.waitingList]);
  // Each is the money module's or the lifecycle's own condition, which the partial indexes of migration 0028 match.
  if (query.owes) conditions.push(OWES_SQL('"bookings"'));
  if (query.refund) conditions.push(REFUND_OWED_FILTER_SQL('"bookings"'));
  if (query.details) conditions.push(sql`(${PARTICIPANT_SQL('"bookings"')} AND ${TRAVEL_DETAILS_MISSING('bookings')})`);
  if (query.q) {
    // Guest first name, last name, "first last", e-mail (the trigram index), or the status as stored or as the
    // screen shows it.
    // A number is also the booking's own ("#42", "42") or its reference number (issue "Collect": the organiser has
    // the bank's line in front of them).
    const statuses = statusesMatching(query.q);
    const ids = bookingIdsTyped(query.q);
    const alternatives = [
      sql`${bookings.guestId} IN (${guestIdsMatching(query.q)})`,
      ...(statuses.length > 0 ? [IN_STATES_SQL('"bookings"', statuses.flatMap(statesOfStatus))] : []),
      ...(ids.length > 0 ? [inArray(bookings.id, ids)] : []),
    ];
    conditions.push(alternatives.length > 1 ? sql`(${sql.join(alternatives, sql` OR `)})` : alternatives[0]);
  }
  return and(...conditions);
}

/** The bookings a typed number names: its own id ("#42", "42") and, when it is one, the reference number's booking. */
function bookingIdsTyped(q: string): number[] {
  const digits = /^#?(\d{1,17})$/.exec(q.replace(/\s+/g, ''))?.[1];
  if (!digits) return [];
  const ids = new Set<number>();
  if (Number(digits) > 0 && Number.isSafeInteger(Number(digits))) ids.add(Number(digits));
  const byReference = bookingIdOfReference(digits);
  if (byReference !== null) ids.add(byReference);
  return [...ids];
}

/** Sorting by the guest's name or e-mail needs the guests table; the other sorts are the booking's own columns. */
export const sortNeedsGuests = (sort: string) => /^-?(name|email)$/.test(sort);

export async function listBookings(deps: Deps, query: BookingListQuery): Promise<BookingListResponse> {
  const { db } = deps;
  const where = listFilter(query);
  const { limit, offset } = pageWindow(query);
  const order = orderBy(query.sort, SORT_COLUMNS, bookings.id);
  // The page's ids first, from the bookings (and their indexes) alone; the joins then fetch 25 rows, not every row
  // the OFFSET skips (the last of 2,000 pages would otherwise join 50,000 guests).
  const pageIds = sortNeedsGuests(query.sort)
    ? db.select({ id: bookings.id }).from(bookings).innerJoin(guests, eq(guests.id, bookings.guestId)).where(where).orderBy(...order).limit(limit).offset(offset)
    : db.select({ id: bookings.id }).from(bookings).where(where).orderBy(...order).limit(limit).offset(offset);
  const [rows, [matching], [counts]] = await db.batch([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        waitingList: bookings.waitingList,
        paymentStatus: bookings.paymentStatus,
        roomType: bookings.roomType,
        totalAmountCents: bookings.totalAmountCents,
        amountPaidCents: bookings.amountPaidCents,
        owedCents: bookings.owedCents,
        keptCents: bookings.keptCents,
        createdAt: bookings.createdAt,
        bookingDate: bookings.bookingDate,
        checkInDate: bookings.checkInDate,
        checkOutDate: bookings.checkOutDate,
        retreatId: retreats.id,
        retreatName: retreats.name,
        guestId: guests.id,
        firstName: guests.firstName,
        lastName: guests.lastName,
        email: guests.email,
        phone: guests.phone,
      })
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(inArray(bookings.id, pageIds))
      .orderBy(...order),
    db.select({ n: count() }).from(bookings).where(where),
    // The four counters count the whole table, whatever the filter (admin spec section 2), from the narrow
    // (status, balance_paid) index.
    db
      .select({
        total: count(),
        confirmed: sql<number>`coalesce(sum(${IN_STATES_SQL('"bookings"', ['confirmed'])}), 0)`,
        pending: sql<number>`coalesce(sum(${IN_STATES_SQL('"bookings"', ['request', 'waiting'])}), 0)`,
        fullyPaid: sql<number>`coalesce(sum(${bookings.balancePaid}), 0)`,
      })
      .from(bookings),
  ]);

  const items: BookingListItem[] = rows.map((r) => {
    const money = moneyRowOf(r);
    return {
      id: r.id,
      status: r.status,
      state: stateOf(r),
      waitingList: r.waitingList,
      paymentStatus: r.paymentStatus,
      roomType: r.roomType,
      totalAmountCents: r.totalAmountCents,
      amountPaidCents: r.amountPaidCents,
      owedCents: r.owedCents,
      outstandingCents: outstandingCents(money),
      refundOwedCents: refundOwedCents(money),
      createdAt: r.createdAt,
      bookingDate: r.bookingDate,
      checkInDate: r.checkInDate,
      checkOutDate: r.checkOutDate,
      retreat: r.retreatId !== null && r.retreatName !== null ? { id: r.retreatId, name: r.retreatName } : null,
      guest: { id: r.guestId, firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone },
    };
  });
  const allCounts: BookingCounts = {
    total: Number(counts?.total ?? 0),
    confirmed: Number(counts?.confirmed ?? 0),
    pending: Number(counts?.pending ?? 0),
    fullyPaid: Number(counts?.fullyPaid ?? 0),
  };
  return { items, total: Number(matching?.n ?? 0), page: query.page, pageSize: query.pageSize, counts: allCounts };
}

/**
 * Reading a booking's personal data is a low-severity data-access record (admin spec section 9). The guest's health
 * information is not in it: it has its own read (guestHealthForAdmin).
 */
export async function viewBookingDetail(deps: Deps, id: number, actor: Actor, sessionCheck?: SessionCheck): Promise<BookingDetail> {
  // The read and its audit record in one batch, with the admin's session checked first (one round trip on the edge,
  // issue 40); the record only if it exists.
  const [rows] = await batchWithSessionCheck(deps, sessionCheck, [
    rowQuery(deps, id),
    auditIfChanged(deps, { actor, action: 'booking.view', severity: 'low', resourceType: 'booking', resourceId: String(id) }, sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${id})`),
  ]);
  const row = rows[0];
  // A payment recorded from this page builds on them without reading them again (../domain/money/known-facts.ts).
  if (row) rememberFacts(deps, id, factColumnsOf(row));
  return detailOf(row, tallinnDay(deps.now()));
}

/**
 * The booking's guest's health information, when an admin asks for it (to see it, or to edit the guest record): a
 * special category of personal data, so the read is recorded in the same batch, as the travel details' health is.
 */
export async function guestHealthForAdmin(deps: Deps, bookingId: number, actor: Actor): Promise<{ healthInfo: HealthInfo | null }> {
  const [rows, audited] = await deps.db.batch([
    deps.db.select({ healthInfo: guests.healthInfo }).from(bookings).innerJoin(guests, eq(guests.id, bookings.guestId)).where(eq(bookings.id, bookingId)),
    healthReadAudit(deps, actor, 'guest.health_read', bookingId),
  ]);
  if (audited.rowsAffected === 0) throw bookingNotFound();
  return { healthInfo: healthInfoOf(rows[0]?.healthInfo ?? null) };
}

// ── writes (the lifecycle's are worker/domain/bookings/: edits, status, moves, waiting list, cancel, delete) ──

/** Turns the booking's payment reminders on or off (issue "Back office II"); not an edit of the booking's terms. */
export async function setPaymentReminders(deps: Deps, id: number, enabled: boolean, actor: Actor): Promise<BookingDetail> {
  await deps.db.batch([
    deps.db.update(bookings).set({ paymentReminders: enabled, updatedAt: deps.now().toISOString() }).where(and(eq(bookings.id, id), ne(bookings.paymentReminders, enabled))),
    auditIfChanged(deps, { actor, action: 'booking.reminders', severity: 'low', resourceType: 'booking', resourceId: String(id), metadata: { paymentReminders: enabled } }),
  ]);
  return getBookingDetail(deps, id);
}

export async function updateGuest(deps: Deps, bookingId: number, edit: GuestEdit, actor: Actor): Promise<BookingDetail> {
  const { guest: before } = await loadRow(deps, bookingId);
  const { db } = deps;
  const values = {
    firstName: edit.firstName,
    lastName: edit.lastName,
    dateOfBirth: edit.dateOfBirth,
    email: edit.email,
    phone: edit.phone,
    nationality: edit.nationality,
    passportNumber: edit.passportNumber,
    dietaryPreferences: edit.dietaryPreferences.length > 0 ? edit.dietaryPreferences : null,
    emergencyContact: edit.emergencyContact ? { name: edit.emergencyContact.name ?? '', phone: edit.emergencyContact.phone ?? '', relationship: edit.emergencyContact.relationship ?? '' } : null,
    healthInfo: edit.healthInfo ? { medical_conditions: edit.healthInfo.medicalConditions, medications: edit.healthInfo.medications, allergies: edit.healthInfo.allergies } : null,
  };
  await db.batch([
    db.update(guests).set({ ...values, updatedAt: deps.now().toISOString() }).where(eq(guests.id, before.id)),
    auditIfChanged(deps, {
      actor,
      action: 'guest.update',
      severity: 'medium',
      resourceType: 'guest',
      resourceId: before.id,
      // The personal fields as { changed: true }, without their values: auditIfChanged applies the rule.
      metadata: { bookingId, changes: changedFields(before, values) },
    }),
  ]);
  return getBookingDetail(deps, bookingId);
}

/**
 * A booking an admin makes for an existing guest (admin spec sections 2, 4, 9): confirmed, nothing paid, balance not
 * paid, the chosen payment status, and the total computed here, whatever the browser showed: on an edition with a
 * price as a visitor's request is priced (its plan, advance and snapshot kept), else from the dates and the nightly
 * rate. The guest is told by e-mail in the same batch.
 */
export async function createAdminBooking(deps: Deps, input: AdminBookingCreate, actor: Actor): Promise<{ id: number }> {
  const { db } = deps;
  const [guest] = await db
    .select({ id: guests.id, email: guests.email, firstName: guests.firstName, isCompanion: guests.isCompanion })
    .from(guests)
    .where(eq(guests.id, input.guestId));
  if (!guest || guest.isCompanion) {
    throw new ApiError('validation_failed', { details: [{ path: 'guestId', message: 'Valitud klienti ei leitud.' }] });
  }
  const [retreat] =
    input.retreatId === null
      ? [null]
      : await db
          .select({
            id: retreats.id,
            name: retreats.name,
            startDate: retreats.startDate,
            endDate: retreats.endDate,
            priceCents: retreats.priceCents,
            basePriceCents: retreats.basePriceCents,
            singleRoomSupplementCents: retreats.singleRoomSupplementCents,
            sharedRoomSupplementCents: retreats.sharedRoomSupplementCents,
            cancelledAt: retreats.cancelledAt,
          })
          .from(retreats)
          .where(eq(retreats.id, input.retreatId));
  if (retreat === undefined) throw new ApiError('validation_failed', { details: [{ path: 'retreatId', message: 'Valitud retriiti ei leitud.' }] });
  const now = deps.now();
  const today = tallinnDay(now);
  if (retreat) {
    // The edition rule (worker/domain/retreats/eligibility.ts): the organiser books past registration close, but not
    // on an edition that has started or been cancelled, nor past its places unless they say so.
    const edition = (await readEdition(deps, retreat.id))!;
    const refusal = editionRefusal(edition, { today, people: input.overrideCapacity ? 0 : 1, overrideRegistration: true });
    if (refusal) throw editionRefusalError(refusal, edition, 1);
  }
  const price = adminBookingPrice(retreat, input, today);
  if (!price) throw new ApiError('validation_failed', { details: [{ path: 'checkOutDate', message: ADMIN_BOOKING_MESSAGES.checkOutAfterCheckIn }] });
  if (price.kind === 'edition' && input.paymentPlan && price.quote.plan !== input.paymentPlan) {
    throw new ApiError('validation_failed', { details: [{ path: 'paymentPlan', message: BOOKING_MESSAGES.paymentPlanNotOffered }] });
  }
  const priced =
    price.kind === 'edition'
      ? {
          totalAmountCents: price.quote.totalCents,
          paymentPlan: price.quote.plan,
          advanceCents: price.quote.plan === 'advance' ? price.quote.advanceCents : null,
          depositAmountCents: price.quote.plan === 'advance' ? price.quote.advanceCents : null,
          priceSnapshot: { ...price.quote, retreatId: retreat!.id, roomType: PRICED_ROOM_OF[input.roomType], compareAtCents: retreat!.basePriceCents, pricedOn: today },
        }
      : { totalAmountCents: price.totalCents };
  const stamp = now.toISOString();
  const values = {
    guestId: guest.id,
    customerId: guest.email ? sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.email} = ${guest.email})` : null,
    retreatId: input.retreatId,
    userId: actor.userId,
    ...storedState('confirmed'),
    paymentStatus: input.paymentStatus,
    roomType: input.roomType,
    bookingDate: tallinnDay(now),
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    arrivalDate: input.checkInDate,
    departureDate: input.checkOutDate,
    ...priced,
    amountPaidCents: 0,
    balancePaid: false,
    specialRequests: input.specialRequests,
    comments: input.adminNotes,
    source: 'admin' as const,
    createdAt: stamp,
    updatedAt: stamp,
  };
  const [inserted] = await db.batch([
    db.insert(bookings).values(values).returning({ id: bookings.id }),
    auditIfChanged(deps, {
      actor,
      action: 'booking.create',
      severity: 'medium',
      resourceType: 'booking',
      resourceId: sql`last_insert_rowid()`,
      metadata: { created: { ...values, customerId: undefined, priceSnapshot: undefined, ...(price.kind === 'stay' ? { nights: price.nights } : {}) }, overrideCapacity: input.overrideCapacity || undefined },
    }),
  ]);
  const id = inserted[0]!.id;
  // The guest's notice names the booking and its reference number, known only now: written right after the
  // booking, from the stored row (an informational e-mail; the booking does not depend on it).
  const detail = await getBookingDetail(deps, id);
  await guestNoticeInsert(
    deps,
    { id, firstName: guest.firstName },
    'booking_created',
    GUEST_NOTICES.created({ id, retreat: detail.retreat, totalCents: detail.totalAmountCents, schedule: detail.schedule }),
    sql`1 = 1`,
  );
  return { id };
}

// ── choosing a client ───────────────────────────────────────────────────────────────────────────────────────────

export const GUEST_OPTIONS_LIMIT = 20;

/** Main guests (never companions) matching the text, by first name: at most 20, searched in the database. */
export async function searchGuests(deps: Deps, q: string | undefined): Promise<GuestOption[]> {
  return deps.db
    .select({ id: guests.id, firstName: guests.firstName, lastName: guests.lastName, email: guests.email, phone: guests.phone })
    .from(guests)
    .where(and(eq(guests.isCompanion, false), q ? sql`${guests.id} IN (${guestIdsMatching(q)})` : undefined))
    .orderBy(guests.firstName, guests.lastName, guests.id)
    .limit(GUEST_OPTIONS_LIMIT);
}

