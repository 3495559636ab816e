/**
 * An edition's run sheets and its rooming for the back office (issue 24, docs/decisions/026-run-sheets.md): the
 * edition's participants (companions included; never the waiting list or the cancelled), shaped by the pure sheet
 * functions in worker/domain/retreats/sheets/, written as CSV here or drawn as a PDF by the module loaded on demand
 * (deps.sheetsPdf). Health information is read only for the health sheet. Every sheet is read in one batch with its
 * audit record, who and which sheet (issue 37).
 */
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AgreementKind } from '../../src/lib/agreement-labels';
import { versionInForce } from '../../src/lib/agreements';
import { tallinnDay } from '../../src/lib/format';
import { PARTICIPANT_SQL } from '../domain/bookings/states';
import { parseSheetName, SHEET_MESSAGES, SHEETS, type RoomingView, type SheetKind } from '../../src/lib/retreat-sheets';
import type { RoomingSaved } from '../../src/lib/retreat-sheets';
import { agreementAcceptances, auditLogs, bookings, bookingTravellers, guests, retreats, roomAssignments } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { retreatSheetReadAudit } from '../domain/audit';
import { BOOKING_PEOPLE_COLUMNS } from '../domain/bookings/days';
import { travellerViews, type TravellerRow } from '../domain/travellers/views';
import type { Sheet, SheetDocument } from '../domain/retreats/sheets/document';
import type { SheetEdition, SheetPerson } from '../domain/retreats/sheets/people';
import { manifestSheet } from '../domain/retreats/sheets/manifest';
import { healthSheet, type SheetHealthPerson } from '../domain/retreats/sheets/health';
import { kitchenSheet } from '../domain/retreats/sheets/kitchen';
import { arrivalsSheet } from '../domain/retreats/sheets/arrivals';
import { roomingCounts, roomingPeople, roomingSheet } from '../domain/retreats/sheets/rooming';
import { csvFile } from './exports';
import { retreatNotFound, retreatSheetNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now'>;


/** The edition's participants (../domain/bookings/states.ts): the people who travel. */
const onEdition = (retreatId: number) => and(eq(bookings.retreatId, retreatId), PARTICIPANT_SQL('"bookings"'));

// Everything of a person's travel details but their health information, which only the health sheet reads.
const { healthConditions: _c, healthMedications: _m, healthAllergies: _a, ...TRAVELLER_COLUMNS } = getTableColumns(bookingTravellers);

function editionStatements({ db }: Deps, retreatId: number) {
  const ids = db.select({ id: bookings.id }).from(bookings).where(onEdition(retreatId));
  return [
    db.select({ id: retreats.id, edition: retreats.edition, name: retreats.name, startDate: retreats.startDate, endDate: retreats.endDate }).from(retreats).where(eq(retreats.id, retreatId)),
    db
      .select({
        ...BOOKING_PEOPLE_COLUMNS,
        id: bookings.id,
        roomType: bookings.roomType,
        roomSharing: bookings.roomSharingPreference,
        bedType: bookings.bedTypePreference,
        arrivalDate: bookings.arrivalDate,
        arrivalTime: bookings.arrivalTime,
        departureDate: bookings.departureDate,
        departureTime: bookings.departureTime,
      })
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(onEdition(retreatId)),
    db.select(TRAVELLER_COLUMNS).from(bookingTravellers).where(inArray(bookingTravellers.bookingId, ids)),
    db.select({ bookingId: roomAssignments.bookingId, position: roomAssignments.position, room: roomAssignments.room }).from(roomAssignments).where(inArray(roomAssignments.bookingId, ids)),
    // Issue 42: each acceptance with its traveller's place in the booking (the booker 0, companions as listed).
    db
      .select({
        bookingId: agreementAcceptances.bookingId,
        position: sql<number>`CASE WHEN ${guests.isCompanion} THEN (SELECT count(*) FROM guests AS g2 WHERE g2.companion_of_guest_id = ${guests.companionOfGuestId} AND g2.rowid <= ${guests}.rowid) ELSE 0 END`,
        kind: agreementAcceptances.kind,
        version: agreementAcceptances.version,
      })
      .from(agreementAcceptances)
      .innerJoin(guests, eq(guests.id, agreementAcceptances.guestId))
      .where(inArray(agreementAcceptances.bookingId, ids)),
  ] as const;
}

type Loaded = Awaited<ReturnType<typeof loadEdition>>;

async function loadEdition(deps: Deps, retreatId: number) {
  const [retreat, rows, travellers, rooms, acceptances] = await deps.db.batch(editionStatements(deps, retreatId));
  return { retreat, rows, travellers, rooms, acceptances, today: tallinnDay(deps.now()) };
}

/** The loaded rows as the sheets' people (each booking's people in order, with their details and room). */
function shape({ retreat: [row], rows, travellers, rooms, acceptances, today }: Loaded): { edition: SheetEdition & { key: string }; people: SheetPerson[] } {
  if (!row) throw retreatNotFound();
  const edition = { id: row.id, key: row.edition ?? `retriit-${row.id}`, name: row.name, startDate: row.startDate, endDate: row.endDate };
  const byBooking = new Map<number, TravellerRow[]>();
  for (const t of travellers) byBooking.set(t.bookingId, [...(byBooking.get(t.bookingId) ?? []), { ...t, healthConditions: null, healthMedications: null, healthAllergies: null }]);
  const roomOf = new Map(rooms.map((r) => [`${r.bookingId}:${r.position}`, r.room]));
  const signedKey = (bookingId: number, position: number, kind: AgreementKind) => `${bookingId}:${position}:${kind}`;
  const signed = new Set(acceptances.filter((a) => a.version === versionInForce(a.kind, today).version).map((a) => signedKey(a.bookingId, Number(a.position), a.kind)));
  const people = rows.flatMap((b) =>
    travellerViews(b, byBooking.get(b.id) ?? [], edition.endDate, { withHealth: false }).map(
      (view): SheetPerson => ({
        bookingId: b.id,
        position: view.position,
        role: view.role,
        name: view.name,
        details: view.details,
        bookedAge: view.position > 0 ? (b.companions?.[view.position - 1]?.age ?? null) : null,
        complete: view.complete,
        missing: view.missing,
        passportWarning: view.passportWarning,
        roomType: b.roomType,
        roomSharing: b.roomSharing,
        bedType: b.bedType,
        bookingArrival: { date: b.arrivalDate, time: b.arrivalTime },
        bookingDeparture: { date: b.departureDate, time: b.departureTime },
        room: roomOf.get(`${b.id}:${view.position}`) ?? null,
        signed: { terms: signed.has(signedKey(b.id, view.position, 'terms')), waiver: signed.has(signedKey(b.id, view.position, 'waiver')) },
      }),
    ),
  );
  return { edition, people };
}

export async function editionPeople(deps: Deps, retreatId: number) {
  return shape(await loadEdition(deps, retreatId));
}

export interface SheetFile {
  body: Uint8Array<ArrayBuffer> | string;
  contentType: string;
  fileName: string;
}

/**
 * One sheet of an edition as a file (`name` as the URL has it: "manifest.pdf"). An unknown sheet, or a format a sheet
 * does not come in (health information is only a PDF), is 404. Each sheet's read and its audit record (naming the
 * sheet and its format) are one batch; a retreat that does not exist is 404 with no record.
 */
export async function retreatSheetFile(deps: Pick<AppDeps, 'db' | 'now' | 'sheetsPdf'>, retreatId: number, name: string, actor: Actor): Promise<SheetFile> {
  const sheet = parseSheetName(name);
  if (!sheet) throw retreatSheetNotFound();
  const generatedAt = deps.now().toISOString();
  let document: SheetDocument;
  let csv: Sheet['csv'] | null = null;
  let key: string;
  if (sheet.kind === 'health') {
    const ids = deps.db.select({ id: bookings.id }).from(bookings).where(onEdition(retreatId));
    const [retreat, rows, travellers, rooms, acceptances, health, audited] = await deps.db.batch([
      ...editionStatements(deps, retreatId),
      deps.db
        .select({
          bookingId: bookingTravellers.bookingId,
          position: bookingTravellers.position,
          conditions: bookingTravellers.healthConditions,
          medications: bookingTravellers.healthMedications,
          allergies: bookingTravellers.healthAllergies,
          erasedAt: bookingTravellers.healthErasedAt,
        })
        .from(bookingTravellers)
        .where(inArray(bookingTravellers.bookingId, ids)),
      retreatSheetReadAudit(deps, actor, retreatId, sheet),
    ]);
    if (audited.rowsAffected === 0) throw retreatNotFound();
    const { edition, people } = shape({ retreat, rows, travellers, rooms, acceptances, today: tallinnDay(deps.now()) });
    const byKey = new Map(health.map((h) => [`${h.bookingId}:${h.position}`, h]));
    const healthPeople: SheetHealthPerson[] = people.map((p) => {
      const h = byKey.get(`${p.bookingId}:${p.position}`);
      return { bookingId: p.bookingId, position: p.position, name: p.name, conditions: h?.conditions ?? null, medications: h?.medications ?? null, allergies: h?.allergies ?? null, erasedAt: h?.erasedAt ?? null };
    });
    document = healthSheet(edition, healthPeople, generatedAt);
    key = edition.key;
  } else {
    const [retreat, rows, travellers, rooms, acceptances, audited] = await deps.db.batch([...editionStatements(deps, retreatId), retreatSheetReadAudit(deps, actor, retreatId, sheet)]);
    if (audited.rowsAffected === 0) throw retreatNotFound();
    const { edition, people } = shape({ retreat, rows, travellers, rooms, acceptances, today: tallinnDay(deps.now()) });
    const build: Record<Exclude<SheetKind, 'health'>, typeof manifestSheet> = { manifest: manifestSheet, rooming: roomingSheet, kitchen: kitchenSheet, arrivals: arrivalsSheet };
    ({ document, csv } = build[sheet.kind](edition, people, generatedAt));
    key = edition.key;
  }
  const fileName = `${SHEETS[sheet.kind].file}-${key}.${sheet.format}`;
  if (sheet.format === 'csv' && csv) return { body: csvFile(csv.header, csv.rows), contentType: 'text/csv; charset=utf-8', fileName };
  const pdf = await (await deps.sheetsPdf()).renderSheetPdf(document);
  return { body: pdf, contentType: 'application/pdf', fileName };
}

/** The rooming editor: everyone with their room (or where their booking would put them) and the counts check. */
export async function retreatRooming(deps: Deps, retreatId: number): Promise<RoomingView> {
  const { people } = await editionPeople(deps, retreatId);
  return { people: roomingPeople(people), counts: roomingCounts(people) };
}

/**
 * Saves rooms for the people given (an empty room takes them out of theirs), with one audit record, in one batch.
 * Someone not on the edition's confirmed bookings is 422 and nothing changes.
 */
export async function saveRetreatRooming(deps: Deps, retreatId: number, { rooms }: RoomingSaved, actor: Actor): Promise<RoomingView> {
  const { people } = await editionPeople(deps, retreatId);
  const known = new Set(people.map((p) => `${p.bookingId}:${p.position}`));
  const unknown = rooms.flatMap((r, i) => (known.has(`${r.bookingId}:${r.position}`) ? [] : [{ path: `rooms.${i}`, message: SHEET_MESSAGES.unknownPerson }]));
  if (unknown.length) throw new ApiError('validation_failed', { details: unknown });
  const stamp = deps.now().toISOString();
  const writes = rooms.map((r) =>
    r.room
      ? deps.db
          .insert(roomAssignments)
          .values({ bookingId: r.bookingId, position: r.position, room: r.room, updatedBy: actor.userId, updatedAt: stamp })
          .onConflictDoUpdate({ target: [roomAssignments.bookingId, roomAssignments.position], set: { room: r.room, updatedBy: actor.userId, updatedAt: stamp } })
      : deps.db.delete(roomAssignments).where(and(eq(roomAssignments.bookingId, r.bookingId), eq(roomAssignments.position, r.position))),
  );
  const audit = deps.db.insert(auditLogs).values({
    userId: actor.userId,
    action: 'retreat.rooms',
    severity: 'low',
    resourceType: 'retreat',
    resourceId: String(retreatId),
    metadata: { people: rooms.length, assigned: rooms.filter((r) => r.room).length },
    ip: actor.ip,
    userAgent: actor.userAgent,
    createdAt: stamp,
  });
  await deps.db.batch([audit, ...writes]);
  return retreatRooming(deps, retreatId);
}
