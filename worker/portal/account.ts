/**
 * "Download my data" and "delete my account" (issue "Guest portal"; GDPR articles 15, 17 and 20), both audited.
 *
 * Deleting keeps what the Accounting Act requires (Raamatupidamise seadus § 12: source documents for seven years):
 * the bookings with the names and e-mail address they were made with, their payments, and the issued invoices and
 * credit notes (frozen documents, less the buyer's phone number, which no invoice needs). It removes the account
 * itself (its sessions, links and roles go with it), the travel details of every person on the account's bookings
 * (passport, birthday, nationality, emergency contact, dietary and health information), the guests' phone numbers
 * and the other personal fields of the booking form (the diet line in `comments` too), the guests' free-text
 * requests, the back office's client record of the address, the contact messages sent from the address with the
 * team's copies of them, the bodies of the e-mails sent to it or about its bookings, and its sign-in attempts;
 * marketing consent is withdrawn and the guests are marked erased (the clients' sync skips them). The person's audit
 * records stay, without the personal values in their metadata (names and address included: ERASED_AUDIT_FIELDS,
 * src/lib/audit-personal-data.ts). Every writing
 * transaction overwrites what it deletes (worker/db/serialized-client.ts), and on a local file the WAL is emptied
 * after the deletion, so the erased values do not linger in the file either (docs/decisions/018-erasure.md). An
 * account with a booking still to come is not deleted (the organiser needs those details to run the trip): the
 * guest cancels first or writes to the team.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { tallinnDay } from '../../src/lib/format';
import {
  agreementAcceptances,
  auditLogs,
  authAttempts,
  bookings,
  bookingTravellers,
  contactMessages,
  customers,
  emailOutbox,
  guests,
  invoices,
  payments,
  sessions,
  userRoles,
  users,
} from '../db/schema';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { isLocalDatabase } from '../db/local';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { ERASED_AUDIT_FIELDS } from '../../src/lib/audit-personal-data';
import { withholdPersonalValues } from '../domain/audit';
import { enforceRateLimit } from '../domain/rate-limit';
import type { Actor } from '../domain/actor';
import { ownedRows } from '../domain/bookings/ownership';
import { bookingOpen, retreatOf } from '../domain/bookings/days';
import { travellerViews } from '../domain/travellers/views';
import { forgetBookingEvents } from '../domain/webhooks/erasure';

/** `column IN (ids)`, false for none (an empty IN list is not valid SQL). */
const inIds = (column: SQLiteColumn, ids: readonly number[]) => (ids.length > 0 ? inArray(column, ids) : sql`0`);

export async function exportMyData(deps: Pick<AppDeps, 'db' | 'now'>, actor: Actor) {
  const [account] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone, emailConfirmedAt: users.emailConfirmedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!account) throw new ApiError('unauthenticated');
  const owned = await ownedRows(deps, actor.userId, { all: true });
  const ids = owned.map((b) => b.id);
  const inOwned = (column: SQLiteColumn) => inIds(column, ids);
  const [bookingRows, travellerRows, paymentRows, invoiceRows, mailRows, roles, sessionRows, messages, trail, acceptanceRows] = await deps.db.batch([
    deps.db
      .select({ booking: bookings, guest: guests })
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .where(inOwned(bookings.id)),
    deps.db.select().from(bookingTravellers).where(inOwned(bookingTravellers.bookingId)),
    deps.db
      .select({ bookingId: payments.bookingId, amountCents: payments.amountCents, method: payments.method, receivedOn: payments.receivedOn, reference: payments.reference })
      .from(payments)
      .where(inOwned(payments.bookingId)),
    deps.db
      .select({ bookingId: invoices.bookingId, number: invoices.number, kind: invoices.kind, issuedOn: invoices.issuedOn, totalCents: invoices.totalCents })
      .from(invoices)
      .where(inOwned(invoices.bookingId)),
    deps.db
      .select({ bookingId: emailOutbox.bookingId, subject: emailOutbox.subject, status: emailOutbox.status, sentAt: emailOutbox.sentAt, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, account.email)),
    deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, actor.userId)),
    deps.db
      .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, actor.userId)),
    // Messages from the address count as the account's only once it has proved it owns the address.
    deps.db
      .select({ subject: contactMessages.subject, message: contactMessages.message, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(account.emailConfirmedAt ? eq(contactMessages.email, account.email) : sql`0`),
    deps.db
      .select({ action: auditLogs.action, createdAt: auditLogs.createdAt, ip: auditLogs.ip })
      .from(auditLogs)
      .where(eq(auditLogs.userId, actor.userId))
      .orderBy(auditLogs.id)
      .limit(1000),
    // Issue 42: the evidence of each traveller's acceptances on the bookings.
    deps.db
      .select({
        bookingId: agreementAcceptances.bookingId,
        kind: agreementAcceptances.kind,
        version: agreementAcceptances.version,
        textSha256: agreementAcceptances.textSha256,
        signedName: agreementAcceptances.signedName,
        signedBy: agreementAcceptances.signedBy,
        method: agreementAcceptances.method,
        signedAt: agreementAcceptances.signedAt,
        ip: agreementAcceptances.ip,
        userAgent: agreementAcceptances.userAgent,
      })
      .from(agreementAcceptances)
      .where(inOwned(agreementAcceptances.bookingId))
      .orderBy(agreementAcceptances.id),
  ]);
  const byBooking = <R extends { bookingId: number | null }>(rows: readonly R[], id: number) =>
    rows.filter((r) => r.bookingId === id).map(({ bookingId: _, ...rest }) => rest);
  const document = {
    exportedAt: deps.now().toISOString(),
    account: { ...account, roles: roles.map((r) => r.role) },
    bookings: bookingRows.map(({ booking, guest }) => {
      const ownedRow = owned.find((o) => o.id === booking.id)!;
      const { idempotencyKey: _k, idempotencyRequestHash: _h, cancellationId: _c, version: _v, ...bookingFields } = booking;
      return {
        ...bookingFields,
        retreat: retreatOf(ownedRow),
        mainGuest: guest,
        travellers: travellerViews(ownedRow, travellerRows.filter((t) => t.bookingId === booking.id), retreatOf(ownedRow).endDate, { withHealth: true }).map(
          ({ position, role, name, details, healthErasedAt, updatedAt }) => ({ position, role, name, ...details, healthErasedAt, updatedAt }),
        ),
        payments: byBooking(paymentRows, booking.id),
        invoices: byBooking(invoiceRows, booking.id),
        agreements: byBooking(acceptanceRows, booking.id),
      };
    }),
    emails: mailRows,
    contactMessages: messages,
    sessions: sessionRows,
    activity: trail,
  };
  await deps.db.insert(auditLogs).values({
    userId: actor.userId,
    action: 'account.export',
    severity: 'medium',
    resourceType: 'user',
    resourceId: actor.userId,
    metadata: { bookings: ids.length },
    ip: actor.ip,
    userAgent: actor.userAgent,
    createdAt: deps.now().toISOString(),
  });
  return document;
}

/** What deletion does, for the audit record and the closing screen. */
export interface DeletionOutcome {
  bookingsKept: number;
  travellersErased: number;
}

/** The text an erased e-mail keeps in the outbox: that it was sent, not what it said. */
export const ERASED_MAIL_TEXT = 'Kiri kustutati konto kustutamisel.';

export async function deleteMyAccount(deps: Pick<AppDeps, 'db' | 'sql' | 'now' | 'passwords' | 'config' | 'log'>, actor: Actor & { isAdmin: boolean }, password: string): Promise<DeletionOutcome> {
  if (actor.isAdmin) throw new ApiError('admin_account');
  // Password guesses through this door are limited like sign-ins (per account).
  await enforceRateLimit(deps, { kind: 'account_delete', key: actor.userId, limit: deps.config.limits.signIn });
  const [account] = await deps.db.select().from(users).where(eq(users.id, actor.userId));
  if (!account) throw new ApiError('unauthenticated');
  if (!(await deps.passwords.verify(account.passwordHash, password))) throw new ApiError('wrong_password');

  const today = tallinnDay(deps.now());
  const owned = await ownedRows(deps, actor.userId, { all: true });
  const upcoming = owned.some((row) => bookingOpen(row, retreatOf(row).endDate, today));
  if (upcoming) throw new ApiError('upcoming_booking');

  const ids = owned.map((b) => b.id);
  const stamp = deps.now().toISOString();
  const bookingGuests = sql`(SELECT guest_id FROM bookings WHERE ${inIds(bookings.id, ids)})`;
  const ownMessages = account.emailConfirmedAt ? eq(contactMessages.email, account.email) : sql`0`;
  const client = sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.email} = ${account.email})`;
  // The person's audit records (`a`): what they did, and what was done to their account, bookings, guest records and
  // client record (a client deleted before is found by its address in the record).
  const theirRecords = sql`(a.user_id = ${actor.userId}
    OR (a.resource_type = 'user' AND a.resource_id = ${actor.userId})
    OR (a.resource_type = 'booking' AND a.resource_id IN (SELECT value FROM json_each(${JSON.stringify(ids.map(String))})))
    OR (a.resource_type = 'guest' AND a.resource_id IN (SELECT id FROM guests WHERE id IN ${bookingGuests} OR companion_of_guest_id IN ${bookingGuests}))
    OR (a.resource_type = 'customer' AND (a.resource_id IN ${client} OR instr(a.metadata, json_quote(${account.email})) > 0)))`;
  const [, erased] = await deps.db.batch([
    // First, while the account and the client record are still there to find them by.
    withholdPersonalValues(deps, theirRecords, ERASED_AUDIT_FIELDS),
    deps.db.delete(bookingTravellers).where(inIds(bookingTravellers.bookingId, ids)),
    // Issue 42: the acceptances are kept as evidence (docs/decisions/037); the address and browser they came from go.
    deps.db
      .update(agreementAcceptances)
      .set({ ip: null, userAgent: null })
      .where(and(inIds(agreementAcceptances.bookingId, ids), sql`(${agreementAcceptances.ip} IS NOT NULL OR ${agreementAcceptances.userAgent} IS NOT NULL)`)),
    deps.db
      .update(guests)
      .set({
        phone: null,
        dateOfBirth: null,
        nationality: null,
        passportNumber: null,
        dietaryPreferences: null,
        emergencyContact: null,
        healthInfo: null,
        marketingConsent: false,
        erasedAt: stamp,
        updatedAt: stamp,
      })
      .where(or(sql`${guests.id} IN ${bookingGuests}`, sql`${guests.companionOfGuestId} IN ${bookingGuests}`)),
    deps.db
      .update(bookings)
      .set({ specialRequests: null, comment: null, comments: null, extraFood: null, experience: null, updatedAt: stamp })
      .where(inIds(bookings.id, ids)),
    // The client record is the back office's address book, which no law asks to keep: the bookings let go of it
    // (its foreign key would take them along) and it goes.
    deps.db.update(bookings).set({ customerId: null }).where(sql`${bookings.customerId} IN ${client}`),
    deps.db.delete(customers).where(eq(customers.email, account.email)),
    // The one change the frozen invoices allow (migration 0019): the buyer's phone number leaves the stored copy.
    deps.db
      .update(invoices)
      .set({ document: sql`json_set(${invoices.document}, '$.buyer.phone', NULL)` })
      .where(and(inIds(invoices.bookingId, ids), sql`json_extract(${invoices.document}, '$.buyer.phone') IS NOT NULL`)),
    // The team's copies first (their link to the message goes with it), then the messages.
    deps.db
      .update(emailOutbox)
      .set({ subject: 'Kontaktivormi sõnum', html: null, text: ERASED_MAIL_TEXT, updatedAt: stamp })
      .where(sql`${emailOutbox.contactMessageId} IN (SELECT ${contactMessages.id} FROM ${contactMessages} WHERE ${ownMessages})`),
    deps.db.delete(contactMessages).where(ownMessages),
    deps.db
      .update(emailOutbox)
      .set({ html: null, text: ERASED_MAIL_TEXT, updatedAt: stamp })
      .where(
        and(
          or(eq(emailOutbox.toAddress, account.email), inIds(emailOutbox.bookingId, ids)),
          inArray(emailOutbox.status, ['sent', 'logged', 'failed']),
        ),
      ),
    deps.db.delete(authAttempts).where(eq(authAttempts.key, account.email)),
    // Issue 41: the webhook log's events about these bookings carry the person's names and addresses.
    ...forgetBookingEvents(deps, ids),
    // The record outlives the account (its user_id becomes NULL): resource_id keeps which account it was.
    deps.db.insert(auditLogs).values({
      userId: actor.userId,
      action: 'account.delete',
      severity: 'high',
      resourceType: 'user',
      resourceId: actor.userId,
      metadata: { bookingsKept: ids, by: 'self' },
      ip: actor.ip,
      userAgent: actor.userAgent,
      createdAt: stamp,
    }),
    deps.db.delete(users).where(eq(users.id, actor.userId)),
  ]);
  await emptyLocalWal(deps);
  return { bookingsKept: ids.length, travellersErased: erased.rowsAffected };
}

/**
 * The deleted rows' earlier versions also sit in a local file's write-ahead log until SQLite writes over them: a
 * TRUNCATE checkpoint copies the log into the database (whose freed pages secure_delete has zeroed) and empties it.
 * Turso keeps its own storage (docs/decisions/018-erasure.md); there this is not ours to do. Best effort: a busy
 * database only postpones it to SQLite's next checkpoint, and the deletion itself has already committed.
 */
async function emptyLocalWal(deps: Pick<AppDeps, 'sql' | 'log'>): Promise<void> {
  if (!isLocalDatabase(deps.sql)) return;
  try {
    await deps.sql.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch (error) {
    deps.log({ level: 'warn', msg: 'WAL not emptied after an account deletion', error: String(error) });
  }
}
