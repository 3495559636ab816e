/**
 * The back office's retreats (admin spec sections 2 "Retreats" and "Retreat detail", 5, 7, 8; issue "Back office
 * III": capacity): the list with search and counters, one retreat with its bookings, add, edit and delete, each
 * write with its audit record in the same batch. Places taken = people (main guest and companions) on the retreat's
 * pending and confirmed bookings, waiting-list requests aside (../places is that rule's one home).
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { saleState, type RetreatDetail, type RetreatForm, type RetreatItem, type RetreatListQuery, type RetreatListResponse } from '../../src/lib/admin/retreats';
import { RETREAT_MESSAGES } from '../../src/lib/retreat-messages';
import { tallinnDay } from '../../src/lib/format';
import { pageWindow, retreatIdsMatching } from '../db/paging';
import { IN_STATES_SQL, stateOf } from '../domain/bookings/states';
import { bookings, guests, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { auditIfChanged } from '../domain/audit';
import { freeEditionKey } from '../domain/retreats/editions';
import { PEOPLE_OF_BOOKING, placesTaken } from '../domain/retreats/places';
import { offerFreedPlaces } from '../domain/bookings/offers';
import type { Actor } from '../domain/actor';
import type { AuditAction } from '../../src/lib/enums';
import { retreatNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now'>;

const itemColumns = {
  id: retreats.id,
  edition: retreats.edition,
  name: retreats.name,
  location: retreats.location,
  description: retreats.description,
  startDate: retreats.startDate,
  endDate: retreats.endDate,
  arrivalDate: retreats.arrivalDate,
  departureDate: retreats.departureDate,
  basePriceCents: retreats.basePriceCents,
  priceCents: retreats.priceCents,
  capacity: retreats.capacity,
  published: retreats.published,
  singleRoomSupplementCents: retreats.singleRoomSupplementCents,
  sharedRoomSupplementCents: retreats.sharedRoomSupplementCents,
  minParticipants: retreats.minParticipants,
  registrationClosesDaysBefore: retreats.registrationClosesDaysBefore,
  decisionOn: retreats.decisionOn,
  earlyBirdPriceCents: retreats.earlyBirdPriceCents,
  earlyBirdUntil: retreats.earlyBirdUntil,
  cancelledAt: retreats.cancelledAt,
  // Qualified by hand: inside the correlated subquery an unqualified "id" would be the booking's.
  placesTaken: placesTaken(sql`"retreats"."id"`),
  bookingCount: sql<number>`(SELECT count(*) FROM bookings AS bc WHERE bc.retreat_id = "retreats"."id")`,
};

/** A row as the screens get it; whether it is on sale by the server's day, the one the sale itself goes by. */
const toItem = (row: Omit<RetreatItem, 'sale'>, today: string): RetreatItem => ({
  ...row,
  placesTaken: Number(row.placesTaken),
  bookingCount: Number(row.bookingCount),
  sale: saleState(row, today),
});

function listFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return sql`${retreats.id} IN (${retreatIdsMatching(q)})`;
}

/** Latest start first, undated retreats last, the id as tie-break: the order of retreats_list_order_idx. */
const LIST_ORDER = [sql`${retreats.startDate} IS NULL`, desc(retreats.startDate), desc(retreats.id)];

/**
 * The list, latest start first (undated retreats last), and the spec's counters over all retreats: upcoming (starts
 * after today) and ongoing (started, not ended), in Tallinn calendar days.
 */
export async function listRetreats(deps: Deps, query: RetreatListQuery): Promise<RetreatListResponse> {
  const { db } = deps;
  const today = tallinnDay(deps.now());
  const where = listFilter(query.q);
  const { limit, offset } = pageWindow(query);
  // The page's ids first, in the list order's index (retreats_list_order_idx); then only those rows are read and
  // their places counted, not every row the OFFSET skips.
  const pageIds = db.select({ id: retreats.id }).from(retreats).where(where).orderBy(...LIST_ORDER).limit(limit).offset(offset);
  const [rows, [matching], [counts]] = await db.batch([
    db.select(itemColumns).from(retreats).where(inArray(retreats.id, pageIds)).orderBy(...LIST_ORDER),
    db.select({ n: count() }).from(retreats).where(where),
    // Each counter a range of its own date index.
    db.all<{ total: number; upcoming: number; ongoing: number }>(sql`
      SELECT (SELECT count(*) FROM ${retreats}) AS total,
             (SELECT count(*) FROM ${retreats} WHERE start_date > ${today}) AS upcoming,
             (SELECT count(*) FROM ${retreats} WHERE start_date <= ${today} AND end_date >= ${today}) AS ongoing`),
  ]);
  return {
    items: rows.map((row) => toItem(row, today)),
    total: Number(matching?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: { total: Number(counts?.total ?? 0), upcoming: Number(counts?.upcoming ?? 0), ongoing: Number(counts?.ongoing ?? 0) },
  };
}

/** One retreat with its confirmed and pending bookings (the spec's detail table). */
export async function getRetreat(deps: Deps, id: number): Promise<RetreatDetail> {
  const { db } = deps;
  const [[row], rows] = await db.batch([
    db.select({ ...itemColumns, createdAt: retreats.createdAt }).from(retreats).where(eq(retreats.id, id)),
    db
      .select({
        id: bookings.id,
        firstName: guests.firstName,
        lastName: guests.lastName,
        email: guests.email,
        status: bookings.status,
        roomType: bookings.roomType,
        totalAmountCents: bookings.totalAmountCents,
        paymentStatus: bookings.paymentStatus,
        bookingDate: bookings.bookingDate,
        people: sql<number>`${PEOPLE_OF_BOOKING('"bookings"')}`,
        waitingList: bookings.waitingList,
        offerExpiresAt: bookings.offerExpiresAt,
      })
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .where(and(eq(bookings.retreatId, id), IN_STATES_SQL('"bookings"', ['request', 'waiting', 'confirmed'])))
      .orderBy(asc(bookings.bookingDate), asc(bookings.id)),
  ]);
  if (!row) throw retreatNotFound();
  return {
    ...toItem(row, tallinnDay(deps.now())),
    createdAt: row.createdAt,
    bookings: rows.map((b) => ({
      id: b.id,
      guestName: `${b.firstName} ${b.lastName}`,
      email: b.email,
      status: b.status,
      roomType: b.roomType,
      totalAmountCents: b.totalAmountCents,
      paymentStatus: b.paymentStatus,
      bookingDate: b.bookingDate,
      people: Number(b.people),
      state: stateOf(b),
      offerExpiresAt: b.offerExpiresAt,
    })),
  };
}

const columnsOf = (form: RetreatForm) => ({
  name: form.name,
  location: form.location,
  description: form.description,
  startDate: form.startDate,
  endDate: form.endDate,
  arrivalDate: form.arrivalDate,
  departureDate: form.departureDate,
  basePriceCents: form.basePrice,
  priceCents: form.price,
  capacity: form.capacity,
  singleRoomSupplementCents: form.singleRoomSupplement,
  sharedRoomSupplementCents: form.sharedRoomSupplement,
  minParticipants: form.minParticipants,
  registrationClosesDaysBefore: form.registrationClosesDaysBefore,
  decisionOn: form.decisionOn,
  earlyBirdPriceCents: form.earlyBirdPrice,
  earlyBirdUntil: form.earlyBirdUntil,
});

/** What a retreat on sale must have (a visitor sees its dates and pays its price), each missing piece under its field. */
function saleIssues(r: { startDate: string | null; endDate: string | null; priceCents: number | null; cancelledAt?: string | null }, today: string | null) {
  const needs = RETREAT_MESSAGES.publishNeeds;
  return [
    // Issue 24: an edition the organiser cancelled stays off sale.
    ...(r.cancelledAt ? [{ path: 'published', message: needs.cancelled }] : []),
    ...(r.startDate ? [] : [{ path: 'startDate', message: needs.startDate }]),
    ...(r.endDate ? [] : [{ path: 'endDate', message: needs.endDate }]),
    ...(r.priceCents === null ? [{ path: 'price', message: needs.price }] : []),
    ...(today !== null && r.startDate && r.startDate <= today ? [{ path: 'startDate', message: needs.started }] : []),
  ];
}

const auditOf = (deps: Deps, actor: Actor, action: AuditAction, resourceId: string | SQL, metadata: Record<string, unknown>) =>
  auditIfChanged(deps, { userId: actor.userId, action, severity: 'medium', resourceType: 'retreat', resourceId, metadata, ip: actor.ip, userAgent: actor.userAgent });

export async function createRetreat(deps: Deps, form: RetreatForm, actor: Actor): Promise<RetreatDetail> {
  const { db } = deps;
  const stamp = deps.now().toISOString();
  const values = columnsOf(form);
  const [[created]] = await db.batch([
    db.insert(retreats).values({ ...values, createdAt: stamp, updatedAt: stamp }).returning({ id: retreats.id }),
    auditOf(deps, actor, 'retreat.create', sql`last_insert_rowid()`, { values }),
  ]);
  return getRetreat(deps, created!.id);
}

export async function updateRetreat(deps: Deps & Pick<AppDeps, 'config'>, id: number, form: RetreatForm, actor: Actor): Promise<RetreatDetail> {
  const { db } = deps;
  const [before] = await db.select().from(retreats).where(eq(retreats.id, id));
  if (!before) throw retreatNotFound();
  const values = columnsOf(form);
  // A retreat on sale keeps what visitors see and pay; bookings already made keep their own price (their snapshot).
  const issues = before.published ? saleIssues(values, null) : [];
  if (issues.length > 0) throw new ApiError('validation_failed', { details: issues });
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(values)) {
    const old = before[key as keyof typeof before] ?? null;
    if (old !== value) changes[key] = { from: old, to: value };
  }
  // The places already taken (the one places rule) bound the capacity from below, checked inside the UPDATE.
  const fits = values.capacity === null ? sql`1` : sql`${placesTaken(sql`${id}`)} <= ${values.capacity}`;
  const [result] = await db.batch([
    db.update(retreats).set({ ...values, updatedAt: deps.now().toISOString() }).where(and(eq(retreats.id, id), fits)),
    auditOf(deps, actor, 'retreat.update', String(id), { changes }),
  ]);
  if (result.rowsAffected === 0) {
    const [row] = await db.select({ taken: placesTaken(sql`${id}`) }).from(retreats).where(eq(retreats.id, id));
    if (!row) throw retreatNotFound();
    throw new ApiError('validation_failed', { details: [{ path: 'capacity', message: RETREAT_MESSAGES.capacityBelowTaken(Number(row.taken)) }] });
  }
  // More places: the waiting list moves (issue 38).
  await offerFreedPlaces(deps, id);
  return getRetreat(deps, id);
}

/**
 * Puts a retreat on sale (issue "Sell") or takes it off, audited. On sale it needs its dates and price and must not
 * have started; it gets its edition key then if it has none ('jan-2027'), the name the booking form sends.
 * Taking it off keeps its bookings as they are: it only stops new requests.
 */
export async function setPublished(deps: Deps, id: number, published: boolean, actor: Actor): Promise<RetreatDetail> {
  const { db } = deps;
  const [before] = await db.select().from(retreats).where(eq(retreats.id, id));
  if (!before) throw retreatNotFound();
  if (published) {
    const issues = saleIssues(before, tallinnDay(deps.now()));
    if (issues.length > 0) throw new ApiError('validation_failed', { details: issues });
  }
  if (before.published !== published) {
    const edition = before.edition ?? (published ? await freeEditionKey(deps, id, before.startDate!) : null);
    await db.batch([
      db.update(retreats).set({ published, edition, updatedAt: deps.now().toISOString() }).where(eq(retreats.id, id)),
      auditOf(deps, actor, published ? 'retreat.publish' : 'retreat.unpublish', String(id), { name: before.name, edition, priceCents: before.priceCents }),
    ]);
  }
  return getRetreat(deps, id);
}

/**
 * Deletes a retreat that has no bookings. One with bookings stays (409 retreat_has_bookings): its bookings are moved
 * or cancelled first, so no booking loses its dates, its schedule or the refund the terms give.
 */
export async function deleteRetreat(deps: Deps, id: number, actor: Actor): Promise<void> {
  const { db } = deps;
  const [before] = await db.select({ name: retreats.name }).from(retreats).where(eq(retreats.id, id));
  if (!before) throw retreatNotFound();
  const [result] = await db.batch([
    db.delete(retreats).where(and(eq(retreats.id, id), sql`NOT EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.retreatId} = ${id})`)),
    auditOf(deps, actor, 'retreat.delete', String(id), { name: before.name }),
  ]);
  if (result.rowsAffected === 0) {
    const [still] = await db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, id));
    throw still ? new ApiError('retreat_has_bookings') : retreatNotFound();
  }
}
