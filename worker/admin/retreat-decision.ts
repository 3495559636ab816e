/**
 * An edition's go/no-go (issue 24): where it stands against its minimum, and the two decisions.
 *
 * - "Kinnita toimumine" records that it goes ahead and tells each participating guest (../domain/bookings/states.ts:
 *   never a waiting-list party) one e-mail, in one batch with the audit record. The decision's token
 *   (`decision_id`) guards the e-mails: a second request finds the decision made, writes nothing and answers 409.
 * - "Tühista retriit" cancels it with every booking on it: ../domain/retreats/edition-cancellation.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RetreatCancelResult, RetreatDecision } from '../../src/lib/admin/retreat-decision';
import type { RetreatCancelValues } from '../../src/lib/admin/retreat-cancel';
import { decisionAlert, decisionDay, decisionState } from '../../src/lib/admin/retreat-decision';
import { balanceDueDay } from '../../src/lib/payment-plans';
import { tallinnDay } from '../../src/lib/format';
import { retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { auditIfChanged } from '../domain/audit';
import type { Actor } from '../domain/actor';
import { EDITION_NOTICES } from '../domain/mail/edition-notices';
import { guestNoticeInsert } from '../domain/mail/guest-notices';
import { confirmedPeople, paidPeople } from '../domain/retreats/decision';
import { cancelEdition, editionBookings } from '../domain/retreats/edition-cancellation';
import { retreatNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/** The edition, the bookings its cancellation would cancel (its participants among them) and their open invoices. */
async function readFacts(deps: Deps, id: number) {
  const [[retreat], edition] = await Promise.all([
    deps.db
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
    editionBookings(deps, id),
  ]);
  if (!retreat) throw retreatNotFound();
  return { retreat: { ...retreat, confirmedPeople: Number(retreat.confirmedPeople), paidPeople: Number(retreat.paidPeople) }, ...edition };
}

type Facts = Awaited<ReturnType<typeof readFacts>>;

/**
 * The guests who hear that the edition goes ahead: its participants (a waiting-list party is not going), each address
 * once (a guest who booked twice is one guest), through their first booking.
 */
const participantsOnce = (rows: Facts['bookings']) => {
  const seen = new Set<string>();
  return rows.filter((b) => b.participant && b.email !== null && !seen.has(b.email.toLowerCase()) && (seen.add(b.email.toLowerCase()), true));
};

function decisionOf(facts: Facts, today: string): RetreatDecision {
  const { retreat, bookings: rows, invoices: docs } = facts;
  const state = decisionState(retreat);
  const day = decisionDay(retreat);
  const participants = rows.filter((b) => b.participant).reduce((sum, b) => sum + b.people, 0);
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
    confirmation: { guests: participantsOnce(rows).length, people: participants },
    cancellation: {
      bookings: rows.length,
      people: rows.reduce((sum, b) => sum + b.people, 0),
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

const decidedError = (retreat: { cancelledAt: string | null }) =>
  retreat.cancelledAt ? new ApiError('retreat_already_cancelled') : new ApiError('retreat_already_confirmed');

/** "Kinnita toimumine": the decision and one e-mail per participating guest, once. */
export async function confirmRetreat(deps: Deps, id: number, actor: Actor): Promise<RetreatDecision> {
  const { db } = deps;
  const facts = await readFacts(deps, id);
  if (facts.retreat.cancelledAt || facts.retreat.confirmedAt) throw decidedError(facts.retreat);
  const stamp = deps.now().toISOString();
  const token = crypto.randomUUID();
  const ours = sql`EXISTS (SELECT 1 FROM ${retreats} WHERE id = ${id} AND decision_id = ${token})`;
  const told = participantsOnce(facts.bookings);
  const [result] = await db.batch([
    db
      .update(retreats)
      .set({ confirmedAt: stamp, decisionId: token, updatedAt: stamp })
      .where(and(eq(retreats.id, id), sql`${retreats.confirmedAt} IS NULL`, sql`${retreats.cancelledAt} IS NULL`)),
    auditIfChanged(deps, {
      actor,
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
    }),
    ...told.map((b) => guestNoticeInsert(deps, { id: b.id, firstName: b.firstName }, 'retreat_confirmed', EDITION_NOTICES.confirmed(facts.retreat, b.id), ours)),
  ]);
  if (result.rowsAffected === 0) {
    const [now] = await db.select({ cancelledAt: retreats.cancelledAt }).from(retreats).where(eq(retreats.id, id));
    if (!now) throw retreatNotFound();
    throw decidedError(now);
  }
  return retreatDecision(deps, id);
}

/** "Tühista retriit": all of it in one batch, or none of it (worker/domain/retreats/edition-cancellation.ts). */
export async function cancelRetreat(deps: Deps, id: number, input: RetreatCancelValues, actor: Actor): Promise<RetreatCancelResult> {
  const facts = await readFacts(deps, id);
  if (facts.retreat.cancelledAt) throw new ApiError('retreat_already_cancelled');
  const done = await cancelEdition(deps, { retreat: facts.retreat, facts, reason: input.reason, method: input.method, actor });
  return { decision: await retreatDecision(deps, id), done };
}
