/**
 * An edition's key (`retreats.edition`): the stable name the booking form and a booking use for it ('jan-2027'),
 * made from its first day when an admin publishes a retreat that has none. Keys the content file used before the
 * issue "Sell" ('nov-2025', …) stay as they were.
 */
import { and, inArray, ne } from 'drizzle-orm';
import { retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';

const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** "2027-01-14" → "jan-2027". */
export function editionKeyBase(startDate: string): string {
  return `${MONTH_KEYS[Number(startDate.slice(5, 7)) - 1]}-${startDate.slice(0, 4)}`;
}

/**
 * The key for a retreat being published: the month key, or (a second edition in the same month) the month key with
 * its first day, or with its first day and its id, whichever no other retreat has. The last one is free whatever
 * else is (the id is the retreat's own, and no day key has two numbers; "apr-2026-26" once named both the 26th's
 * edition and retreat 26, and publishing the second failed). The column is unique, so a race cannot share one.
 */
export async function freeEditionKey({ db }: Pick<AppDeps, 'db'>, retreatId: number, startDate: string): Promise<string> {
  const base = editionKeyBase(startDate);
  const day = `${base}-${startDate.slice(8, 10)}`;
  const candidates = [base, day, `${day}-${retreatId}`];
  const taken = new Set(
    (await db.select({ edition: retreats.edition }).from(retreats).where(and(inArray(retreats.edition, candidates), ne(retreats.id, retreatId)))).map((r) => r.edition),
  );
  return candidates.find((key) => !taken.has(key)) ?? candidates[2]!;
}

