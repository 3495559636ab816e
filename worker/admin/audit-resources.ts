/**
 * What each audit record is about, as the audit trail shows it (issue 37): the object in Estonian with its number or
 * name ("Broneering 7 — Mari Tamm", "Arve 2026-0004"), linked where a screen shows it. Never "contact_message 1" or a
 * raw user id: an object of a kind not named here, or one since deleted, says its kind and what number it had, and a
 * user or a session none (their ids mean nothing to a person and are not theirs to see).
 */
import { eq, inArray } from 'drizzle-orm';
import type { AuditResource } from '../../src/lib/admin/audit';
import { AUDIT_RESOURCE_LABELS } from '../../src/lib/admin/audit-details';
import { bankStatements, bankTransactions, bookings, contactMessages, customers, discountCodes, giftVouchers, guests, invoices, payments, retreats, users, webhookEndpoints } from '../db/schema';
import type { AppDeps } from '../deps';
import { parsePathId } from '../http/ids';

type Db = Pick<AppDeps, 'db'>['db'];
type Named = Map<string, AuditResource>;

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const search = (path: string, q: string) => `${path}?${new URLSearchParams({ q })}`;

/** Per kind: the named objects among `ids`, read in one query. */
const NAMERS: Record<string, (db: Db, ids: string[]) => Promise<Named>> = {
  async booking(db, ids) {
    const rows = await db
      .select({ id: bookings.id, first: guests.firstName, last: guests.lastName })
      .from(bookings)
      .leftJoin(guests, eq(guests.id, bookings.guestId))
      .where(inArray(bookings.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Broneering ${r.id} — ${fullName(r.first, r.last)}`, href: `/admin/bookings/${r.id}` }]));
  },
  async guest(db, ids) {
    const rows = await db
      .select({ id: guests.id, first: guests.firstName, last: guests.lastName, bookingId: bookings.id })
      .from(guests)
      .leftJoin(bookings, eq(bookings.guestId, guests.id))
      .where(inArray(guests.id, ids));
    return new Map(rows.map((r) => [r.id, { label: `Külaline — ${fullName(r.first, r.last)}`, href: r.bookingId === null ? null : `/admin/bookings/${r.bookingId}` }]));
  },
  async customer(db, ids) {
    const rows = await db.select({ id: customers.id, first: customers.firstName, last: customers.lastName, email: customers.email }).from(customers).where(inArray(customers.id, ids));
    return new Map(rows.map((r) => [r.id, { label: `Klient — ${fullName(r.first, r.last)}`, href: r.email ? search('/admin/clients', r.email) : '/admin/clients' }]));
  },
  async discount_code(db, ids) {
    const rows = await db.select({ id: discountCodes.id, code: discountCodes.code }).from(discountCodes).where(inArray(discountCodes.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Sooduskood ${r.code}`, href: search('/admin/discount-codes', r.code) }]));
  },
  async webhook(db, ids) {
    const rows = await db.select({ id: webhookEndpoints.id, url: webhookEndpoints.url }).from(webhookEndpoints).where(inArray(webhookEndpoints.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Liides ${r.url}`, href: '/admin/liidesed' }]));
  },
  async gift_voucher(db, ids) {
    const rows = await db.select({ id: giftVouchers.id, code: giftVouchers.code }).from(giftVouchers).where(inArray(giftVouchers.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Kinkekaart ${r.code}`, href: `/admin/gift-vouchers/${r.id}` }]));
  },
  async retreat(db, ids) {
    const rows = await db.select({ id: retreats.id, name: retreats.name }).from(retreats).where(inArray(retreats.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Retriit — ${r.name}`, href: `/admin/retreats/${r.id}` }]));
  },
  async invoice(db, ids) {
    const rows = await db.select({ id: invoices.id, number: invoices.number, kind: invoices.kind }).from(invoices).where(inArray(invoices.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `${r.kind === 'credit_note' ? 'Kreeditarve' : 'Arve'} ${r.number}`, href: `/admin/invoices/${r.id}` }]));
  },
  async payment(db, ids) {
    const rows = await db.select({ id: payments.id, bookingId: payments.bookingId }).from(payments).where(inArray(payments.id, numeric(ids)));
    return new Map(
      rows.map((r) => [String(r.id), { label: r.bookingId === null ? `Makse ${r.id}` : `Makse ${r.id} (broneering ${r.bookingId})`, href: r.bookingId === null ? null : `/admin/bookings/${r.bookingId}` }]),
    );
  },
  async bank_statement(db, ids) {
    const rows = await db.select({ id: bankStatements.id, fileName: bankStatements.fileName }).from(bankStatements).where(inArray(bankStatements.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Pangaväljavõte ${r.id}${r.fileName ? ` — ${r.fileName}` : ''}`, href: `/admin/bank-statements/${r.id}` }]));
  },
  async bank_transaction(db, ids) {
    const rows = await db.select({ id: bankTransactions.id, statementId: bankTransactions.statementId, line: bankTransactions.line }).from(bankTransactions).where(inArray(bankTransactions.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Väljavõtte ${r.statementId} rida ${r.line}`, href: `/admin/bank-statements/${r.statementId}` }]));
  },
  async contact_message(db, ids) {
    const rows = await db.select({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email }).from(contactMessages).where(inArray(contactMessages.id, numeric(ids)));
    return new Map(rows.map((r) => [String(r.id), { label: `Kontaktisõnum ${r.id} — ${r.name}`, href: search('/admin/sonumid', r.email) }]));
  },
  async user(db, ids) {
    const rows = await db.select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, { label: `Kasutaja — ${fullName(r.first, r.last) || r.email}`, href: search('/admin/users', r.email) }]));
  },
};

/** Kinds whose ids are not for a person to read: only the kind is said. */
const UNNAMED_IDS = new Set(['user', 'guest', 'customer', 'session']);

/** The ids of a kind with integer ids, read as a path id is: anything else names nothing. */
function numeric(ids: string[]): number[] {
  return ids.flatMap((id) => {
    const parsed = parsePathId(id);
    return parsed === null ? [] : [parsed];
  });
}

function fallback(type: string, id: string | null): AuditResource {
  const kind = AUDIT_RESOURCE_LABELS[type] ?? 'Objekt';
  if (id === null || UNNAMED_IDS.has(type)) return { label: kind, href: null };
  return { label: `${kind} ${id}`, href: null };
}

/** Each record's object, in the records' order; null for a record about nothing in particular. */
export async function auditResources(db: Db, records: { resourceType: string | null; resourceId: string | null }[]): Promise<(AuditResource | null)[]> {
  const idsOf = new Map<string, Set<string>>();
  for (const { resourceType: type, resourceId: id } of records) {
    if (type && id && NAMERS[type]) idsOf.set(type, (idsOf.get(type) ?? new Set()).add(id));
  }
  const named = new Map(await Promise.all([...idsOf].map(async ([type, ids]) => [type, await NAMERS[type]!(db, [...ids])] as const)));
  return records.map(({ resourceType: type, resourceId: id }) => {
    if (!type) return null;
    const found = id === null ? undefined : named.get(type)?.get(id);
    if (found) return found;
    const unnamed = fallback(type, id);
    return id !== null && NAMERS[type] ? { ...unnamed, label: `${unnamed.label} (kustutatud)` } : unnamed;
  });
}
