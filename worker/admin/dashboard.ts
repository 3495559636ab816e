/**
 * /dashboard's numbers (DESIGN section 8: real counts, not the spec's fixed ones) and the upcoming retreats with
 * their bookings: how many, confirmed, pending, people (each non-cancelled booking's guest and companions), and
 * their money: billed, received, outstanding, overdue; and their go/no-go (issue 24): confirmed and paid people against
 * the minimum, the decision day, and a flag a week before it (or once it passed without a decision).
 */
import { asc, count, gte, isNull, sql } from 'drizzle-orm';
import { OUTSTANDING_SQL } from '../domain/money/balance';
import type { DashboardResponse } from '../../src/lib/admin/booking-views';
import { tallinnDay } from '../../src/lib/format';
import { bookings, contactMessages, customers, retreats, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { recentCriticalEvents } from './audit-trail';
import { placesTaken } from '../domain/retreats/places';
import { confirmedPeople, paidPeople } from '../domain/retreats/decision';
import { decisionAlert, decisionDay, decisionState } from '../../src/lib/admin/retreat-decision';

const UPCOMING_LIMIT = 10;

export async function dashboardSummary(deps: Pick<AppDeps, 'db' | 'now'>): Promise<DashboardResponse> {
  const { db } = deps;
  const today = tallinnDay(deps.now());
  const criticalEvents = recentCriticalEvents(deps);
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
        // Written out with an alias: drizzle leaves columns unqualified in a one-table query, which inside a
        // correlated subquery would silently compare the subquery's own columns.
        bookings: sql<number>`(SELECT count(*) FROM bookings AS b WHERE b.retreat_id = "retreats"."id")`,
        confirmed: sql<number>`(SELECT count(*) FROM bookings AS b WHERE b.retreat_id = "retreats"."id" AND b.status = 'confirmed')`,
        pending: sql<number>`(SELECT count(*) FROM bookings AS b WHERE b.retreat_id = "retreats"."id" AND b.status = 'pending')`,
        // Places taken: one home for "people on a retreat" (main guests and companions of pending and confirmed bookings).
        people: placesTaken(sql`"retreats"."id"`),
        // Money of its bookings that are not cancelled (issue "Back office II"): what they owe in all (the balance
        // rule, kept in owed_cents), what came in, what is still to pay, and how many are overdue.
        billed: sql<number>`(SELECT coalesce(sum(b.owed_cents), 0) FROM bookings AS b WHERE b.retreat_id = "retreats"."id" AND b.status <> 'cancelled')`,
        received: sql<number>`(SELECT coalesce(sum(b.amount_paid_cents), 0) FROM bookings AS b WHERE b.retreat_id = "retreats"."id" AND b.status <> 'cancelled')`,
        outstanding: sql<number>`(SELECT coalesce(sum(${OUTSTANDING_SQL('b')}), 0) FROM bookings AS b WHERE b.retreat_id = "retreats"."id" AND b.status <> 'cancelled')`,
        overdue: sql<number>`(SELECT count(*) FROM bookings AS b WHERE b.retreat_id = "retreats"."id" AND b.status <> 'cancelled' AND b.payment_status = 'overdue')`,
        // The go/no-go (issue 24): participants against the minimum, the decision day and the decision.
        minParticipants: retreats.minParticipants,
        confirmedPeople: confirmedPeople(sql`"retreats"."id"`),
        paidPeople: paidPeople(sql`"retreats"."id"`),
        decisionOn: retreats.decisionOn,
        confirmedAt: retreats.confirmedAt,
        cancelledAt: retreats.cancelledAt,
      })
      .from(retreats)
      .where(gte(retreats.startDate, today))
      .orderBy(asc(retreats.startDate), asc(retreats.id))
      .limit(UPCOMING_LIMIT),
  ]);
  return {
    counts: { users: u?.n ?? 0, clients: cl?.n ?? 0, bookings: b?.n ?? 0, retreats: r?.n ?? 0, newMessages: m?.n ?? 0 },
    upcomingRetreats: upcoming.map(({ billed, received, outstanding, decisionOn, confirmedAt, cancelledAt, ...row }) => {
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
        overdue: Number(row.overdue),
      };
    }),
    criticalEvents: await criticalEvents,
  };
}
