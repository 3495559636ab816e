/**
 * src/lib/reference-number.ts's booking reference number (the id after a leading 1, then the 7-3-1 check digit) as
 * SQL, for a statement that makes it from an id it only knows inside the database: the booking confirmation is
 * written in the same batch as its booking (last_insert_rowid()). Ids stay below 10^16, so the base has at most 17
 * digits: padded with leading zeros (which add nothing to the weighted sum) to exactly 17, it is a fixed sum over
 * the positions from the right. A test compares it with the TypeScript for many ids.
 */
import { sql, type SQL } from 'drizzle-orm';

const POSITIONS = 17;
const WEIGHTS = [7, 3, 1] as const;

export function bookingReferenceSql(id: SQL): SQL {
  const terms = Array.from({ length: POSITIONS }, (_, k) => `CAST(substr(r.padded, ${POSITIONS - k}, 1) AS INTEGER) * ${WEIGHTS[k % 3]}`);
  return sql`(SELECT r.base || ((10 - ((${sql.raw(terms.join(' + '))}) % 10)) % 10)
    FROM (SELECT b.base, substr('${sql.raw('0'.repeat(POSITIONS))}' || b.base, -${sql.raw(String(POSITIONS))}) AS padded FROM (SELECT '1' || CAST(${id} AS TEXT) AS base) AS b) AS r)`;
}
