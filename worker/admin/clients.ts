/**
 * The back office's clients (table customers; admin spec sections 2 clients, 3, 4 sync, 5, 7 customers): the list
 * with search and paging on the server and its counters, one client with their bookings, add, edit, delete (the
 * client and all their bookings) and the sync of bookers into clients. Every write carries its audit record (who,
 * when, what changed) in the same batch as the change; the sync, which commits chunk by chunk, records one at the end.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { clientInputSchema, type ClientBooking, type ClientDetail, type ClientListItem, type ClientListQuery, type ClientListResponse, type ClientSyncResult, type ClientValues } from '../../src/lib/admin/clients';
import { API_ERRORS, type FieldIssue } from '../../src/lib/api-errors';
import { tallinnDayRange } from '../../src/lib/format';
import { chunks } from '../db/chunks';
import { customerIdsMatching, pageWindow } from '../db/paging';
import { bookings, customers, guests, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { auditIfChanged, recordAudit } from '../domain/audit';
import { changedFields } from '../domain/bookings/record';
import type { Actor } from '../domain/actor';
import { IN_THE_BOOKS_SQL, MONEY_COLUMNS, storedBookingTotals } from '../domain/money/balance';
import { stateOf } from '../domain/bookings/states';
import { clientNotFound } from '../domain/not-found';
import { failedWith } from '../db/failures';

type Deps = Pick<AppDeps, 'db' | 'now' | 'log'>;

const emailTaken = () =>
  new ApiError('client_email_taken', { details: [{ path: 'email', message: API_ERRORS.client_email_taken.message }] });

/** True when a write failed on the unique e-mail of customers (a race the pre-checks cannot close). */
const isEmailTaken = (err: unknown): boolean => failedWith(err, /UNIQUE constraint failed: customers\.email/);

const itemColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phoneNumber,
  createdAt: customers.createdAt,
};

// ── list ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Phones are stored without formatting, so a typed "+372 5123 4567" is searched as "+37251234567". */
export function clientSearchText(q: string): string {
  return /^\+?[\d\s().-]+$/.test(q) && /\d/.test(q) ? q.replace(/[\s().-]/g, '') : q;
}

/** Newest first; the id breaks ties between clients created in the same millisecond, so pages never overlap. */
export const NEWEST_FIRST = [desc(customers.createdAt), desc(customers.id)];

/** The list's search as a condition on customers (the list and its CSV export share it). */
export function clientListFilter(query: Pick<ClientListQuery, 'q'>): SQL | undefined {
  const text = query.q ? clientSearchText(query.q) : undefined;
  return text ? sql`${customers.id} IN (${customerIdsMatching(text)})` : undefined;
}

export async function listClients(deps: Deps, query: ClientListQuery): Promise<ClientListResponse> {
  const { db } = deps;
  const text = query.q ? clientSearchText(query.q) : undefined;
  const where = clientListFilter(query);
  const { limit, offset } = pageWindow(query);
  const today = tallinnDayRange(deps.now());
  // The page's ids first, from the (created_at, id) index alone; then 25 rows are read, not every row OFFSET skips.
  const pageIds = db.select({ id: customers.id }).from(customers).where(where).orderBy(...NEWEST_FIRST).limit(limit).offset(offset);
  const [items, [counts]] = await db.batch([
    db.select(itemColumns).from(customers).where(inArray(customers.id, pageIds)).orderBy(...NEWEST_FIRST),
    // The counters count the whole table whatever the search; "today" is the Tallinn calendar day, a range of the
    // created_at index. The search index holds one row per client (its triggers see to it), so the matches are
    // counted there without touching the table.
    db.all<{ total: number; joinedToday: number; matching: number }>(sql`
      SELECT (SELECT count(*) FROM ${customers}) AS total,
             (SELECT count(*) FROM ${customers} WHERE created_at >= ${today.start} AND created_at < ${today.end}) AS joinedToday,
             ${text ? sql`(SELECT count(*) FROM (${customerIdsMatching(text)}))` : sql`(SELECT count(*) FROM ${customers})`} AS matching`),
  ]);
  return {
    items: items satisfies ClientListItem[],
    total: Number(counts?.matching ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: { total: Number(counts?.total ?? 0), joinedToday: Number(counts?.joinedToday ?? 0) },
  };
}

// ── detail ──────────────────────────────────────────────────────────────────────────────────────────────────────

export async function getClientDetail(deps: Deps, id: string): Promise<ClientDetail> {
  const { db } = deps;
  const [[client], rows] = await db.batch([
    db.select({ ...itemColumns, updatedAt: customers.updatedAt }).from(customers).where(eq(customers.id, id)),
    db
      .select({
        ...MONEY_COLUMNS,
        id: bookings.id,
        paymentStatus: bookings.paymentStatus,
        checkInDate: bookings.checkInDate,
        checkOutDate: bookings.checkOutDate,
        createdAt: bookings.createdAt,
        retreatId: retreats.id,
        retreatName: retreats.name,
        retreatStart: retreats.startDate,
        retreatEnd: retreats.endDate,
      })
      .from(bookings)
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(eq(bookings.customerId, id))
      .orderBy(desc(bookings.createdAt), desc(bookings.id)),
  ]);
  if (!client) throw clientNotFound();
  const clientBookings: ClientBooking[] = rows.map((b) => ({
    id: b.id,
    status: b.status,
    state: stateOf(b),
    paymentStatus: b.paymentStatus,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    retreat: b.retreatId !== null && b.retreatName !== null ? { id: b.retreatId, name: b.retreatName, startDate: b.retreatStart, endDate: b.retreatEnd } : null,
    totalAmountCents: b.totalAmountCents,
    amountPaidCents: b.amountPaidCents,
    totals: storedBookingTotals(b),
    createdAt: b.createdAt,
  }));
  return { ...client, bookingCount: clientBookings.length, bookings: clientBookings };
}

/** Reading a client's personal data is a low-severity data-access record, as for a booking. */
export async function viewClientDetail(deps: Deps, id: string, actor: Actor): Promise<ClientDetail> {
  const detail = await getClientDetail(deps, id);
  await recordAudit(deps, { userId: actor.userId, action: 'customer.view', severity: 'low', resourceType: 'customer', resourceId: id, ip: actor.ip, userAgent: actor.userAgent });
  return detail;
}

// ── add, edit ───────────────────────────────────────────────────────────────────────────────────────────────────

const auditOf = (actor: Actor) => ({ userId: actor.userId, ip: actor.ip, userAgent: actor.userAgent, severity: 'medium' as const, resourceType: 'customer' });

export async function createClient(deps: Deps, input: ClientValues, actor: Actor): Promise<ClientDetail> {
  const { db } = deps;
  const id = crypto.randomUUID();
  const stamp = deps.now().toISOString();
  const values = { firstName: input.firstName, lastName: input.lastName, email: input.email, phoneNumber: input.phone };
  // An address already taken inserts nothing, so the audit statement after it (changes() = 0) writes nothing either.
  const [inserted] = await db.batch([
    db.insert(customers).values({ id, ...values, createdAt: stamp, updatedAt: stamp }).onConflictDoNothing({ target: customers.email }).returning({ id: customers.id }),
    auditIfChanged(deps, { ...auditOf(actor), action: 'customer.create', resourceId: id, metadata: { created: values } }),
  ]);
  if (inserted.length === 0) throw emailTaken();
  return getClientDetail(deps, id);
}

export async function updateClient(deps: Deps, id: string, input: ClientValues, actor: Actor): Promise<ClientDetail> {
  const { db } = deps;
  const [before] = await db.select().from(customers).where(eq(customers.id, id));
  if (!before) throw clientNotFound();
  const values = { firstName: input.firstName, lastName: input.lastName, email: input.email, phoneNumber: input.phone };
  const changes = changedFields(before, values);
  if (Object.keys(changes).length === 0) return getClientDetail(deps, id);
  try {
    const [result] = await db.batch([
      db.update(customers).set({ ...values, updatedAt: deps.now().toISOString() }).where(eq(customers.id, id)),
      auditIfChanged(deps, { ...auditOf(actor), action: 'customer.update', resourceId: id, metadata: { changes } }),
    ]);
    if (result.rowsAffected === 0) throw clientNotFound();
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
  return getClientDetail(deps, id);
}

// ── delete ──────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Deletes the client and every booking of theirs in one batch with its audit record (admin spec section 5: the
 * customer and all their bookings, irreversibly). Each booking goes as `deleteBooking` deletes one: its invoices
 * and payments kept for the books with their link cleared, its e-mails' link set to null, its guest kept. `expectedBookings` is the count the
 * confirmation showed; if the client's bookings are not exactly the ones read here when the batch runs (one was
 * added or removed meanwhile), nothing is deleted and the answer is 409.
 */
export async function deleteClient(deps: Deps, id: string, expectedBookings: number | undefined, actor: Actor): Promise<{ bookingCount: number }> {
  const { db } = deps;
  const [[client], rows] = await db.batch([
    db.select().from(customers).where(eq(customers.id, id)),
    db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, id)).orderBy(bookings.id),
  ]);
  if (!client) throw clientNotFound();
  const [inBooks] = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.customerId, id), IN_THE_BOOKS_SQL('"bookings"'))).limit(1);
  if (inBooks) throw new ApiError('client_has_money');
  const bookingIds = rows.map((r) => r.id);
  if (expectedBookings !== undefined && expectedBookings !== bookingIds.length) throw new ApiError('client_bookings_changed');
  // The set of the client's bookings as one text ("3,8,15", NULL for none), compared inside the batch.
  const signature = bookingIds.length > 0 ? bookingIds.join(',') : null;
  const currentSignature = sql`(SELECT group_concat(id, ',') FROM (SELECT id FROM ${bookings} WHERE customer_id = ${id} ORDER BY id))`;
  const [, removed] = await db.batch([
    db.delete(bookings).where(and(eq(bookings.customerId, id), sql`${currentSignature} IS ${signature}`, sql`NOT EXISTS (SELECT 1 FROM ${bookings} AS m WHERE m.customer_id = ${id} AND ${IN_THE_BOOKS_SQL('m')})`)),
    // changes() is the booking delete's own count (links cleared by foreign keys are not counted): the client goes only if
    // exactly the bookings read above went and none is left.
    db.delete(customers).where(and(eq(customers.id, id), sql`changes() = ${bookingIds.length}`, sql`NOT EXISTS (SELECT 1 FROM ${bookings} WHERE customer_id = ${id})`)),
    auditIfChanged(deps, {
      ...auditOf(actor),
      action: 'customer.delete',
      resourceId: id,
      metadata: { deleted: client, bookingCount: bookingIds.length, bookingIds },
    }),
  ]);
  if (removed.rowsAffected === 0) {
    const [still] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
    throw still ? new ApiError('client_bookings_changed') : clientNotFound();
  }
  return { bookingCount: bookingIds.length };
}

// ── sync ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Rows per upsert statement (and per batch): 500 × 7 bound values stays far below SQLite's limit. */
export const SYNC_CHUNK = 500;
/** How many refused guests the audit record names. */
const FAILURES_KEPT = 50;

interface EligibleGuest {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
}

/**
 * "Sync bookers" (admin spec sections 4, 5, 7): every guest with an e-mail, a first and a last name who is not a
 * companion (the is_companion flag, or a legacy companion.local address), one per e-mail (the newest guest row
 * wins). A guest becomes a client under the same rules as the add dialog; a guest those rules refuse (an invalid
 * address, a name with digits) is counted as failed and skipped. Found by e-mail → updated, else inserted, 500 rows
 * per statement; each chunk also links that guest's bookings that had no client yet.
 *
 * Only guests who still have a booking are bookers: a client deleted "with all their bookings, irreversibly" must not
 * come back with the next sync from the guest rows those bookings left behind. Nor may a guest who deleted their
 * account (`erased_at`): the booking keeps their name and address for the Accounting Act, not for the address book.
 */
export async function syncClientsFromGuests(deps: Deps, actor: Actor): Promise<ClientSyncResult> {
  const { db } = deps;
  const candidates = await db.all<EligibleGuest>(sql`
    SELECT first_name, last_name, email, phone FROM (
      SELECT g.first_name, g.last_name, g.email, g.phone,
             row_number() OVER (PARTITION BY lower(trim(g.email)) ORDER BY g.created_at DESC, g.rowid DESC) AS newest
      FROM ${guests} AS g
      WHERE g.is_companion = 0 AND g.erased_at IS NULL
        AND g.email IS NOT NULL AND trim(g.email) != '' AND lower(g.email) NOT LIKE '%@companion.local'
        AND trim(g.first_name) != '' AND trim(g.last_name) != ''
        AND EXISTS (SELECT 1 FROM ${bookings} AS b WHERE b.guest_id = g.id))
    WHERE newest = 1`);

  const valid: ClientValues[] = [];
  const failures: { email: string; issues: FieldIssue[] }[] = [];
  for (const guest of candidates) {
    const parsed = clientInputSchema.safeParse({ firstName: guest.first_name, lastName: guest.last_name, email: guest.email, phone: guest.phone });
    if (parsed.success) valid.push(parsed.data);
    else failures.push({ email: guest.email, issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
  }

  const result: ClientSyncResult = { synced: 0, inserted: 0, updated: 0, failed: failures.length };
  const stamp = deps.now().toISOString();
  const audit = (extra: Record<string, unknown> = {}) =>
    recordAudit(deps, {
      ...auditOf(actor),
      action: 'customer.sync',
      metadata: { eligible: candidates.length, ...result, failures: failures.slice(0, FAILURES_KEPT), ...extra },
    });
  try {
    for (const chunk of chunks(valid, SYNC_CHUNK)) {
      const emails = chunk.map((c) => c.email);
      // Which addresses exist, read in the same transaction as the upsert, so the counts are exact.
      const [existing] = await db.batch([
        db.select({ email: customers.email }).from(customers).where(inArray(customers.email, emails)),
        db
          .insert(customers)
          .values(chunk.map((c) => ({ id: crypto.randomUUID(), firstName: c.firstName, lastName: c.lastName, email: c.email, phoneNumber: c.phone, createdAt: stamp, updatedAt: stamp })))
          .onConflictDoUpdate({
            target: customers.email,
            // The guest's data wins, except that a guest without a phone does not erase the client's.
            set: { firstName: sql`excluded.first_name`, lastName: sql`excluded.last_name`, phoneNumber: sql`coalesce(excluded.phone_number, ${customers.phoneNumber})`, updatedAt: stamp },
            // A client already up to date is left as it is (its updated_at too).
            setWhere: sql`${customers.firstName} IS NOT excluded.first_name OR ${customers.lastName} IS NOT excluded.last_name OR (excluded.phone_number IS NOT NULL AND ${customers.phoneNumber} IS NOT excluded.phone_number)`,
          }),
        db.run(sql`
          UPDATE ${bookings} SET customer_id = (SELECT c.id FROM ${customers} AS c JOIN ${guests} AS g ON c.email = g.email WHERE g.id = ${bookings.guestId})
          WHERE customer_id IS NULL AND guest_id IN (SELECT id FROM ${guests} WHERE email IN (${sql.join(emails.map((e) => sql`${e}`), sql`, `)}))`),
      ]);
      result.updated += existing.length;
      result.inserted += chunk.length - existing.length;
      result.synced += chunk.length;
    }
  } catch (err) {
    // The chunks already committed stay (a sync run again finds them and updates them); the record says how far it got.
    await audit({ error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
  await audit();
  return result;
}
