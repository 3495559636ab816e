/**
 * An edition's go/no-go (issue 24): where it stands against its minimum, and the two decisions.
 *
 * - "Kinnita toimumine" records that it goes ahead and tells each guest of its active bookings (one e-mail per guest)
 *   in one batch with the audit record. The decision's token (`decision_id`) guards the e-mails: a second request
 *   finds the decision made, writes nothing and answers 409.
 * - "Tühista retriit" cancels it: every active booking cancelled with a full refund of what its ledger holds (the
 *   organiser cancelled, so the guest's cancellation tiers do not apply), a credit note for every invoice not yet
 *   wholly credited, an e-mail to each booking's guest with the reason and what comes back, the edition taken off
 *   sale, all in one batch. Its first statement checks that the active bookings are still those read (ids and
 *   versions; a payment or an invoice bumps the version) and aborts the batch otherwise, and each credit note aborts
 *   it if its invoice was credited in between: so all of it is in the books, or none of it.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { RetreatCancelResult, RetreatDecision } from '../../src/lib/admin/retreat-decision';
import type { RetreatCancelValues } from '../../src/lib/admin/retreat-cancel';
import { decisionAlert, decisionDay, decisionState } from '../../src/lib/admin/retreat-decision';
import { RETREAT_MESSAGES } from '../../src/lib/admin/retreats';
import { balanceDueDay } from '../../src/lib/payment-plans';
import { tallinnDay } from '../../src/lib/format';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { bookings, guests, invoices, payments, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { auditIfChanged } from '../domain/audit';
import type { Actor } from '../domain/actor';
import { START_DATE_SQL } from '../domain/bookings/days';
import { creditNoteDraft } from '../domain/invoices/document';
import { creditedTotal, documentInsert, OUTER_INVOICE_ID } from '../domain/invoices/issue';
import { EDITION_NOTICES } from '../domain/mail/edition-notices';
import { guestNoticeInsert } from '../domain/mail/guest-notices';
import { deriveFromLedger, paidSoFar, scheduleFactsOf } from '../domain/money/ledger';
import { confirmedPeople, paidPeople } from '../domain/retreats/decision';
import { PEOPLE_OF_BOOKING } from '../domain/retreats/places';

type Deps = Pick<AppDeps, 'db' | 'now'>;

const notFound = () => new ApiError('not_found', { message: RETREAT_MESSAGES.notFound });

/** The edition, its active bookings (with what each one's ledger holds) and their invoices not wholly credited. */
async function readFacts({ db }: Deps, id: number) {
  const [[retreat], active, open] = await db.batch([
    db
      .select({
        id: retreats.id,
        name: retreats.name,
        startDate: retreats.startDate,
        endDate: retreats.endDate,
        minParticipants: retreats.minParticipants,
        decisionOn: retreats.decisionOn,
        confirmedAt: retreats.confirmedAt,
        cancelledAt: retreats.cancelledAt,
        cancellationReason: retreats.cancellationReason,
        confirmedPeople: confirmedPeople(sql`"retreats"."id"`),
        paidPeople: paidPeople(sql`"retreats"."id"`),
      })
      .from(retreats)
      .where(eq(retreats.id, id)),
    db
      .select({
        id: bookings.id,
        version: bookings.version,
        status: bookings.status,
        guestId: bookings.guestId,
        firstName: guests.firstName,
        email: guests.email,
        people: sql<number>`${PEOPLE_OF_BOOKING('"bookings"')}`,
        paid: paidSoFar(sql`"bookings"."id"`),
        createdAt: bookings.createdAt,
        startDate: START_DATE_SQL,
        paymentPlan: bookings.paymentPlan,
        advanceCents: bookings.advanceCents,
      })
      .from(bookings)
      .innerJoin(guests, eq(guests.id, bookings.guestId))
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(and(eq(bookings.retreatId, id), ne(bookings.status, 'cancelled')))
      .orderBy(asc(bookings.id)),
    db
      .select({
        id: invoices.id,
        bookingId: invoices.bookingId,
        totalCents: invoices.totalCents,
        creditedCents: creditedTotal(OUTER_INVOICE_ID),
        document: invoices.document,
      })
      .from(invoices)
      .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
      .where(and(eq(bookings.retreatId, id), ne(bookings.status, 'cancelled'), eq(invoices.kind, 'invoice'), sql`${invoices.totalCents} + ${creditedTotal(OUTER_INVOICE_ID)} > 0`))
      .orderBy(asc(invoices.id)),
  ]);
  if (!retreat) throw notFound();
  const rows = active.map((b) => ({ ...b, people: Number(b.people), paid: Number(b.paid) }));
  const docs = open.map((d) => ({ ...d, bookingId: d.bookingId!, creditedCents: Number(d.creditedCents), uncreditedCents: d.totalCents + Number(d.creditedCents) }));
  return { retreat: { ...retreat, confirmedPeople: Number(retreat.confirmedPeople), paidPeople: Number(retreat.paidPeople) }, bookings: rows, invoices: docs };
}

type Facts = Awaited<ReturnType<typeof readFacts>>;

/**
 * The guests who hear that the edition goes ahead: each address once (a guest who booked twice is one guest), through
 * their first active booking.
 */
const guestsOnce = (rows: Facts['bookings']) => {
  const seen = new Set<string>();
  return rows.filter((b) => b.email !== null && !seen.has(b.email.toLowerCase()) && (seen.add(b.email.toLowerCase()), true));
};

function decisionOf(facts: Facts, today: string): RetreatDecision {
  const { retreat, bookings: rows, invoices: docs } = facts;
  const state = decisionState(retreat);
  const day = decisionDay(retreat);
  const people = rows.reduce((sum, b) => sum + b.people, 0);
  return {
    retreatId: retreat.id,
    minParticipants: retreat.minParticipants,
    startDate: retreat.startDate,
    decisionDay: day,
    defaultDecisionDay: retreat.startDate ? balanceDueDay(retreat.startDate) : null,
    decisionOn: retreat.decisionOn,
    state,
    alert: decisionAlert(day, state, today),
    confirmedAt: retreat.confirmedAt,
    cancelledAt: retreat.cancelledAt,
    cancellationReason: retreat.cancellationReason,
    confirmedPeople: retreat.confirmedPeople,
    paidPeople: retreat.paidPeople,
    confirmation: { guests: guestsOnce(rows).length, people },
    cancellation: {
      bookings: rows.length,
      people,
      emails: rows.filter((b) => b.email !== null).length,
      refundCents: rows.reduce((sum, b) => sum + b.paid, 0),
      invoices: docs.length,
      creditCents: docs.reduce((sum, d) => sum + d.uncreditedCents, 0),
    },
  };
}

/** GET /api/admin/retreats/:id/decision: the numbers the screen and the confirmation dialogs state. */
export async function retreatDecision(deps: Deps, id: number): Promise<RetreatDecision> {
  return decisionOf(await readFacts(deps, id), tallinnDay(deps.now()));
}

const decidedError = (retreat: Facts['retreat']) =>
  retreat.cancelledAt ? new ApiError('retreat_already_cancelled') : new ApiError('retreat_already_confirmed');

/** "Kinnita toimumine": the decision and one e-mail per guest, once. */
export async function confirmRetreat(deps: Deps, id: number, actor: Actor): Promise<RetreatDecision> {
  const { db } = deps;
  const facts = await readFacts(deps, id);
  if (facts.retreat.cancelledAt || facts.retreat.confirmedAt) throw decidedError(facts.retreat);
  const stamp = deps.now().toISOString();
  const token = crypto.randomUUID();
  const ours = sql`EXISTS (SELECT 1 FROM ${retreats} WHERE id = ${id} AND decision_id = ${token})`;
  const told = guestsOnce(facts.bookings);
  const [result] = await db.batch([
    db
      .update(retreats)
      .set({ confirmedAt: stamp, decisionId: token, updatedAt: stamp })
      .where(and(eq(retreats.id, id), sql`${retreats.confirmedAt} IS NULL`, sql`${retreats.cancelledAt} IS NULL`)),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'retreat.confirm',
      severity: 'high',
      resourceType: 'retreat',
      resourceId: String(id),
      metadata: {
        name: facts.retreat.name,
        minParticipants: facts.retreat.minParticipants,
        confirmedPeople: facts.retreat.confirmedPeople,
        paidPeople: facts.retreat.paidPeople,
        guestsTold: told.length,
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
    ...told.map((b) => guestNoticeInsert(deps, { id: b.id, firstName: b.firstName }, 'retreat_confirmed', EDITION_NOTICES.confirmed(facts.retreat, b.id), ours)),
  ]);
  if (result.rowsAffected === 0) {
    const [now] = await db.select({ cancelledAt: retreats.cancelledAt }).from(retreats).where(eq(retreats.id, id));
    if (!now) throw notFound();
    throw now.cancelledAt ? new ApiError('retreat_already_cancelled') : new ApiError('retreat_already_confirmed');
  }
  return retreatDecision(deps, id);
}

/** "Tühista retriit": all of it in one batch, or none of it. */
export async function cancelRetreat(deps: Deps, id: number, input: RetreatCancelValues, actor: Actor): Promise<RetreatCancelResult> {
  const { db } = deps;
  const facts = await readFacts(deps, id);
  const { retreat } = facts;
  if (retreat.cancelledAt) throw new ApiError('retreat_already_cancelled');
  const now = deps.now();
  const stamp = now.toISOString();
  const today = tallinnDay(now);
  const token = crypto.randomUUID();
  const ours = (bookingId: number) => sql`EXISTS (SELECT 1 FROM ${bookings} WHERE id = ${bookingId} AND cancellation_id = ${token})`;

  // The active bookings are still the ones read, each at the version read: otherwise min_participants is set to NULL,
  // which its NOT NULL refuses, and the whole batch is rolled back.
  const seen = facts.bookings.map((b) => `${b.id}:${b.version}`);
  const activeNow = sql`FROM ${bookings} AS s WHERE s.retreat_id = ${id} AND s.status <> 'cancelled'`;
  const unchanged =
    seen.length === 0
      ? sql`(SELECT count(*) ${activeNow}) = 0`
      : sql`(SELECT count(*) ${activeNow}) = ${seen.length} AND (SELECT count(*) ${activeNow} AND (s.id || ':' || s.version) IN (${sql.join(
          seen.map((s) => sql`${s}`),
          sql`, `,
        )})) = ${seen.length}`;

  const perBooking = facts.bookings.flatMap((b) => {
    const docs = facts.invoices.filter((d) => d.bookingId === b.id);
    const creditCents = docs.reduce((sum, d) => sum + d.uncreditedCents, 0);
    return [
      db
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: stamp, cancellationId: token, version: sql`${bookings.version} + 1`, updatedAt: stamp })
        .where(and(eq(bookings.id, b.id), eq(bookings.version, b.version), ne(bookings.status, 'cancelled'))),
      auditIfChanged(deps, {
        userId: actor.userId,
        action: 'booking.cancel',
        severity: 'high',
        resourceType: 'booking',
        resourceId: String(b.id),
        metadata: { from: b.status, paidCents: b.paid, refundCents: b.paid, creditCents, reason: input.reason, retreatCancelled: id },
        ip: actor.ip,
        userAgent: actor.userAgent,
      }),
      ...(b.paid > 0
        ? [
            db.run(sql`
              INSERT INTO ${payments} (booking_id, amount_cents, method, received_on, reference, note, recorded_by, created_at)
              SELECT ${b.id}, ${-b.paid}, ${input.method}, ${today}, ${bookingReferenceNumber(b.id)}, ${`Retriit tühistati: ${input.reason}`.slice(0, 500)}, ${actor.userId}, ${stamp}
              WHERE ${ours(b.id)}`),
            deriveFromLedger(deps, b.id, scheduleFactsOf(b)),
          ]
        : []),
      ...docs.flatMap((d) =>
        documentInsert(
          deps,
          creditNoteDraft({ ...d.document, id: d.id }, d.creditedCents, input.reason, today),
          { bookingId: b.id, creditsInvoiceId: d.id },
          ours(b.id),
          actor,
          'invoice.credit_note',
          sql`${creditedTotal(d.id)} = ${d.creditedCents}`,
        ),
      ),
      guestNoticeInsert(
        deps,
        { id: b.id, firstName: b.firstName },
        'retreat_cancelled',
        EDITION_NOTICES.cancelled(retreat, { id: b.id, refundCents: b.paid, invoices: docs.length }, input.reason),
        ours(b.id),
      ),
    ];
  });

  const statements: unknown[] = [
    db.run(sql`
      UPDATE ${retreats} SET cancelled_at = ${stamp}, cancellation_reason = ${input.reason}, decision_id = ${token}, published = 0, updated_at = ${stamp},
        min_participants = CASE WHEN ${unchanged} THEN min_participants END
      WHERE id = ${id} AND cancelled_at IS NULL`),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'retreat.cancel',
      severity: 'critical',
      resourceType: 'retreat',
      resourceId: String(id),
      metadata: {
        name: retreat.name,
        reason: input.reason,
        minParticipants: retreat.minParticipants,
        confirmedPeople: retreat.confirmedPeople,
        paidPeople: retreat.paidPeople,
        bookings: facts.bookings.length,
        refundCents: facts.bookings.reduce((sum, b) => sum + b.paid, 0),
        creditNotes: facts.invoices.length,
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
    ...perBooking,
  ];
  let results: readonly unknown[];
  try {
    results = await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  } catch (err) {
    for (let e: unknown = err; e instanceof Error; e = e.cause) {
      if (/NOT NULL constraint failed: retreats\.min_participants|invoice numbers form one consecutive series|NOT NULL constraint failed: invoices\.series_number/.test(e.message)) {
        throw new ApiError('retreat_changed');
      }
    }
    throw err;
  }
  if ((results[0] as { rowsAffected: number }).rowsAffected === 0) {
    const [still] = await db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, id));
    throw still ? new ApiError('retreat_already_cancelled') : notFound();
  }
  const emails = facts.bookings.filter((b) => b.email !== null).length;
  return {
    decision: await retreatDecision(deps, id),
    done: { bookings: facts.bookings.length, refundCents: facts.bookings.reduce((sum, b) => sum + b.paid, 0), creditNotes: facts.invoices.length, emails },
  };
}
