/**
 * /dashboard's numbers (DESIGN section 8: real counts, not the spec's fixed ones) and the upcoming retreats with
 * their bookings: how many, confirmed, pending, people (those holding places), and their money: billed, received,
 * outstanding, to go back, overdue; and their go/no-go (issue 24): confirmed and paid participants against the
 * minimum, the decision day, and a flag a week before it (or once it passed without a decision).
 */
import { and, asc, count, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { BILLED_SQL, OUTSTANDING_SQL, REFUND_OWED_SQL } from '../domain/money/balance';
import { IN_STATES_SQL, PARTICIPANT_SQL } from '../domain/bookings/states';
import type { DashboardResponse } from '../../src/lib/admin/booking-views';
import { tallinnDay } from '../../src/lib/format';
import { bookings, contactMessages, customers, retreats, users } from '../db/schema';
import { textsInForce } from '../domain/agreements/texts';
import { travellersToSignSql } from '../domain/agreements/status';
import type { AppDeps } from '../deps';
import { recentCriticalEvents } from './audit-trail';
import { placesTaken } from '../domain/retreats/places';
import { confirmedPeople, paidPeople } from '../domain/retreats/decision';
import { decisionAlert, decisionDay, decisionState } from '../../src/lib/admin/retreat-decision';

const UPCOMING_LIMIT = 10;

/**
 * An aggregate over the listed edition's bookings, written out with an alias: drizzle leaves columns unqualified in a
 * one-table query, which inside a correlated subquery would silently compare the subquery's own columns.
 */
const ofEdition = (aggregate: SQL) => sql<number>`(SELECT ${aggregate} FROM bookings AS b WHERE b.retreat_id = "retreats"."id")`;

export async function dashboardSummary(deps: Pick<AppDeps, 'db' | 'now'>): Promise<DashboardResponse> {
  const { db } = deps;
  const today = tallinnDay(deps.now());
  const criticalEvents = recentCriticalEvents(deps);
  const texts = await textsInForce(today);
  const [[u], [cl], [b], [r], [m], upcoming] = await db.batch([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(customers),
    db.select({ n: count() }).from(bookings),
    db.select({ n: count() }).from(retreats),
    // Contact-form messages nobody has answered yet ("Sõnumid", issue 24).
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.answeredAt)),
    db
      .select({
        id: retreats.id,
        name: retreats.name,
        startDate: retreats.startDate,
        endDate: retreats.endDate,
        bookings: ofEdition(sql`count(*)`),
        confirmed: ofEdition(sql`coalesce(sum(${IN_STATES_SQL('b', ['confirmed'])}), 0)`),
        pending: ofEdition(sql`coalesce(sum(${IN_STATES_SQL('b', ['request', 'waiting'])}), 0)`),
        // Places taken: one home for "people on a retreat" (../domain/retreats/places.ts).
        people: placesTaken(sql`"retreats"."id"`),
        // Its bookings' money, by the money module's rules (../domain/money/balance.ts): billed in each one's state,
        // every ledger row (a cancelled booking's kept fee too), still to pay, to go back; and overdue participants.
        billed: ofEdition(sql`coalesce(sum(${BILLED_SQL('b')}), 0)`),
        received: ofEdition(sql`coalesce(sum(b.amount_paid_cents), 0)`),
        outstanding: ofEdition(sql`coalesce(sum(${OUTSTANDING_SQL('b')}), 0)`),
        refundOwed: ofEdition(sql`coalesce(sum(${REFUND_OWED_SQL('b')}), 0)`),
        overdue: ofEdition(sql`coalesce(sum(${PARTICIPANT_SQL('b')} AND b.payment_status = 'overdue'), 0)`),
        // Issue 42: travellers who have yet to sign the texts in force.
        toSign: travellersToSignSql(sql`"retreats"."id"`, { terms: texts.terms.version, waiver: texts.waiver.version }),
        // The go/no-go (issue 24): participants against the minimum, the decision day and the decision.
        minParticipants: retreats.minParticipants,
        confirmedPeople: confirmedPeople(sql`"retreats"."id"`),
        paidPeople: paidPeople(sql`"retreats"."id"`),
        decisionOn: retreats.decisionOn,
        confirmedAt: retreats.confirmedAt,
        cancelledAt: retreats.cancelledAt,
      })
      .from(retreats)
      // A cancelled edition has nothing coming: its money waits in the bookings list (issue 37).
      .where(and(gte(retreats.startDate, today), isNull(retreats.cancelledAt)))
      .orderBy(asc(retreats.startDate), asc(retreats.id))
      .limit(UPCOMING_LIMIT),
  ]);
  return {
    counts: { users: u?.n ?? 0, clients: cl?.n ?? 0, bookings: b?.n ?? 0, retreats: r?.n ?? 0, newMessages: m?.n ?? 0 },
    upcomingRetreats: upcoming.map(({ billed, received, outstanding, refundOwed, decisionOn, confirmedAt, cancelledAt, ...row }) => {
      const day = decisionDay({ startDate: row.startDate, decisionOn });
      const decision = decisionState({ confirmedAt, cancelledAt });
      return {
        ...row,
        confirmedPeople: Number(row.confirmedPeople),
        paidPeople: Number(row.paidPeople),
        decisionDay: day,
        decision,
        decisionAlert: decisionAlert(day, decision, today),
        bookings: Number(row.bookings),
        confirmed: Number(row.confirmed),
        pending: Number(row.pending),
        people: Number(row.people),
        billedCents: Number(billed),
        receivedCents: Number(received),
        outstandingCents: Number(outstanding),
        refundOwedCents: Number(refundOwed),
        overdue: Number(row.overdue),
        toSign: Number(row.toSign),
      };
    }),
    criticalEvents: await criticalEvents,
  };
}
