/**
 * The transition `cancelWithEdition` (issue 24's "Tühista retriit"): every booking of the edition that may be
 * cancelled is, with a full refund of what its ledger holds (the organiser cancelled, so the guest's cancellation
 * tiers do not apply), a credit note for every invoice not yet wholly credited and an e-mail with the reason, each
 * written by the booking cancellation's own statements (../bookings/cancellation.ts); the edition is taken off sale;
 * all in one batch. Its first statement checks that the bookings are still those read (ids and versions; a payment
 * or an invoice bumps the version) and aborts the batch otherwise, and each credit note aborts it if its invoice was
 * credited in between: so all of it is in the books, or none of it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../src/lib/enums';
import { bookings, guests, invoices, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { auditIfChanged } from '../audit';
import { cancellationStatements, runCancellationBatch } from '../bookings/cancellation';
import { START_DATE_SQL } from '../bookings/days';
import { MAY_SQL } from '../bookings/lifecycle';
import { stateOf, PARTICIPANT_SQL } from '../bookings/states';
import { creditedTotal, OUTER_INVOICE_ID } from '../invoices/issue';
import { EDITION_NOTICES } from '../mail/edition-notices';
import { paidSoFar, scheduleFactsOf } from '../money/ledger';
import { PEOPLE_OF_BOOKING } from './places';
import { retreatNotFound } from '../not-found';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/** The edition's bookings the decision is about: those it would cancel, each with its ledger; and their open invoices. */
export async function editionBookings({ db }: Deps, retreatId: number) {
  const [rows, open] = await db.batch([
    db
      .select({
        id: bookings.id,
        version: bookings.version,
        status: bookings.status,
        waitingList: bookings.waitingList,
        firstName: guests.firstName,
        email: guests.email,
        people: sql<number>`${PEOPLE_OF_BOOKING('"bookings"')}`,
        participant: sql<number>`${PARTICIPANT_SQL('"bookings"')}`,
        paid: paidSoFar(sql`"bookings"."id"`),
        createdAt: bookings.createdAt,
        scheduleStartsAt: bookings.scheduleStartsAt,
        startDate: START_DATE_SQL,
        paymentPlan: bookings.paymentPlan,
        advanceCents: bookings.advanceCents,
      })
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(and(eq(bookings.retreatId, retreatId), MAY_SQL('"bookings"', 'cancelWithEdition')))
      .orderBy(asc(bookings.id)),
    db
      .select({ id: invoices.id, bookingId: invoices.bookingId, totalCents: invoices.totalCents, creditedCents: creditedTotal(OUTER_INVOICE_ID), document: invoices.document })
      .from(invoices)
      .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
      .where(and(eq(bookings.retreatId, retreatId), MAY_SQL('"bookings"', 'cancelWithEdition'), eq(invoices.kind, 'invoice'), sql`${invoices.totalCents} + ${creditedTotal(OUTER_INVOICE_ID)} > 0`))
      .orderBy(asc(invoices.id)),
  ]);
  return {
    bookings: rows.map((b) => ({ ...b, people: Number(b.people), participant: Number(b.participant) === 1, paid: Number(b.paid) })),
    invoices: open.map((d) => ({ ...d, bookingId: d.bookingId!, creditedCents: Number(d.creditedCents), uncreditedCents: d.totalCents + Number(d.creditedCents) })),
  };
}

export type EditionBookings = Awaited<ReturnType<typeof editionBookings>>;

export interface EditionCancellation {
  retreat: { id: number; name: string; startDate: string | null; endDate: string | null; minParticipants: number; confirmedPeople: number; paidPeople: number };
  facts: EditionBookings;
  reason: string;
  method: PaymentMethod;
  actor: Actor;
}

/** Cancels the edition and every booking the facts hold, in one batch; answers what was done. */
export async function cancelEdition(deps: Deps, c: EditionCancellation) {
  const { db } = deps;
  const stamp = deps.now().toISOString();
  const token = crypto.randomUUID();
  const { id } = c.retreat;

  // The bookings are still the ones read, each at the version read: otherwise min_participants is set to NULL, which
  // its NOT NULL refuses, and the whole batch is rolled back.
  const seen = c.facts.bookings.map((b) => `${b.id}:${b.version}`);
  const nowOnIt = sql`FROM ${bookings} AS s WHERE s.retreat_id = ${id} AND ${MAY_SQL('s', 'cancelWithEdition')}`;
  const unchanged =
    seen.length === 0
      ? sql`(SELECT count(*) ${nowOnIt}) = 0`
      : sql`(SELECT count(*) ${nowOnIt}) = ${seen.length} AND (SELECT count(*) ${nowOnIt} AND (s.id || ':' || s.version) IN (${sql.join(
          seen.map((s) => sql`${s}`),
          sql`, `,
        )})) = ${seen.length}`;

  const perBooking = c.facts.bookings.flatMap((b) => {
    const docs = c.facts.invoices.filter((d) => d.bookingId === b.id);
    return cancellationStatements(deps, {
      booking: { id: b.id, version: b.version, state: stateOf(b), firstName: b.firstName, paidCents: b.paid, facts: scheduleFactsOf(b) },
      refundCents: b.paid,
      method: c.method,
      refundNote: `Retriit tühistati: ${c.reason}`.slice(0, 500),
      reason: c.reason,
      credits: docs.map((d) => ({ invoice: { ...d.document, id: d.id }, creditedCents: d.creditedCents })),
      notice: { kind: 'retreat_cancelled', notice: EDITION_NOTICES.cancelled(c.retreat, { id: b.id, refundCents: b.paid, invoices: docs.length }, c.reason) },
      audit: { creditCents: docs.reduce((sum, d) => sum + d.uncreditedCents, 0), retreatCancelled: id },
      actor: c.actor,
      token,
    });
  });

  const refundCents = c.facts.bookings.reduce((sum, b) => sum + b.paid, 0);
  const results = await runCancellationBatch(
    deps,
    [
      db.run(sql`
        UPDATE ${retreats} SET cancelled_at = ${stamp}, cancellation_reason = ${c.reason}, decision_id = ${token}, published = 0, updated_at = ${stamp},
          min_participants = CASE WHEN ${unchanged} THEN min_participants END
        WHERE id = ${id} AND cancelled_at IS NULL`),
      auditIfChanged(deps, {
        actor: c.actor,
        action: 'retreat.cancel',
        severity: 'critical',
        resourceType: 'retreat',
        resourceId: String(id),
        metadata: {
          name: c.retreat.name,
          reason: c.reason,
          minParticipants: c.retreat.minParticipants,
          confirmedPeople: c.retreat.confirmedPeople,
          paidPeople: c.retreat.paidPeople,
          bookings: c.facts.bookings.length,
          refundCents,
          creditNotes: c.facts.invoices.length,
        },
      }),
      ...perBooking,
    ],
    () => new ApiError('retreat_changed'),
    /NOT NULL constraint failed: retreats\.min_participants/,
  );
  if ((results[0] as { rowsAffected: number }).rowsAffected === 0) {
    const [still] = await db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, id));
    throw still ? new ApiError('retreat_already_cancelled') : retreatNotFound();
  }
  return { bookings: c.facts.bookings.length, refundCents, creditNotes: c.facts.invoices.length, emails: c.facts.bookings.filter((b) => b.email !== null).length };
}
