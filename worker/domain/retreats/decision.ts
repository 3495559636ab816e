/**
 * The go/no-go's counts in SQL (issue 24), for the dashboard and the retreat's decision alike: the people (main
 * guests and companions, ./places) of an edition's participants (../bookings/states.ts), those of them whose booking
 * is confirmed, and those whose deposit is paid (the ledger's derived `deposit_paid`, ../money/ledger.ts). The words
 * and the decision day's rule are in src/lib/admin/retreat-decision.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { IN_STATES_SQL, PARTICIPANT_SQL } from '../bookings/states';
import { PEOPLE_OF_BOOKING } from './places';

const peopleWhere = (retreatId: SQL, condition: SQL) =>
  sql<number>`(SELECT coalesce(sum(${PEOPLE_OF_BOOKING('b')}), 0) FROM bookings AS b WHERE b.retreat_id = ${retreatId} AND ${PARTICIPANT_SQL('b')} AND ${condition})`;

/** People on the edition's participating bookings (by id expression) that are confirmed. */
export const confirmedPeople = (retreatId: SQL) => peopleWhere(retreatId, IN_STATES_SQL('b', ['confirmed']));

/** People on the edition's participating bookings whose deposit is paid. */
export const paidPeople = (retreatId: SQL) => peopleWhere(retreatId, sql`b.deposit_paid = 1`);
