/**
 * The go/no-go's counts in SQL (issue 24), for the dashboard and the retreat's decision alike: people (main guests
 * and companions, ./places) on an edition's confirmed bookings, and on its bookings that are not cancelled and whose
 * deposit is paid (the ledger's derived `deposit_paid`, worker/domain/money/ledger.ts). The words and the decision
 * day's rule are in src/lib/admin/retreat-decision.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PEOPLE_OF_BOOKING } from './places';

/** People on the edition's confirmed bookings (by id expression). */
export const confirmedPeople = (retreatId: SQL) =>
  sql<number>`(SELECT coalesce(sum(${PEOPLE_OF_BOOKING('b')}), 0) FROM bookings AS b WHERE b.retreat_id = ${retreatId} AND b.status = 'confirmed')`;

/** People on the edition's bookings that are not cancelled and have their deposit paid (by id expression). */
export const paidPeople = (retreatId: SQL) =>
  sql<number>`(SELECT coalesce(sum(${PEOPLE_OF_BOOKING('b')}), 0) FROM bookings AS b WHERE b.retreat_id = ${retreatId} AND b.status <> 'cancelled' AND b.deposit_paid = 1)`;
