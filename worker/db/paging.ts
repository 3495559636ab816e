/**
 * One way for every admin list to page, sort and search on the server (bookings today; clients, users, retreats and
 * the audit trail next): the list's own zod schema has already checked `page`, `pageSize` and `sort` against a fixed
 * set, so what reaches SQL here is a known column, never text from the request.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const pageWindow = ({ page, pageSize }: PageRequest) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/**
 * ORDER BY for a sort key such as "name" or "-created" ("-" = descending) from the list's table of columns, with a
 * unique column last so that equal values keep a stable order across pages.
 */
export function orderBy(sort: string, columns: Record<string, readonly AnySQLiteColumn[]>, tieBreaker: AnySQLiteColumn): SQL[] {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const direction = descending ? desc : asc;
  const chosen = columns[key];
  if (!chosen) throw new Error(`unknown sort key ${key}`); // the schema's enum makes this unreachable
  return [...chosen.map((column) => direction(column)), direction(tieBreaker)];
}

/** A LIKE pattern that finds `text` anywhere, with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * `SELECT <id column> FROM <fts table> WHERE text LIKE …`: the ids whose indexed text contains `text` (ASCII case
 * folded), from one of the trigram indexes (migrations 0003 and 0005). FTS5 serves a plain LIKE from the index but
 * scans for one with an ESCAPE clause, so the escape is added only when the admin typed a wildcard character.
 */
function idsMatching(source: SQL, text: string): SQL {
  const literal = /[\\%_]/.test(text);
  const pattern = literal ? containsPattern(text) : `%${text}%`;
  return literal ? sql`${source} WHERE text LIKE ${pattern} ESCAPE '\\'` : sql`${source} WHERE text LIKE ${pattern}`;
}

/** The ids of guests whose "first last e-mail" contains `text` (guests_search, migration 0003). */
export const guestIdsMatching = (text: string): SQL => idsMatching(sql`SELECT guest_id FROM guests_search`, text);

/** The ids of clients whose "first last e-mail phone" contains `text` (customers_search, migration 0005). */
export const customerIdsMatching = (text: string): SQL => idsMatching(sql`SELECT customer_id FROM customers_search`, text);
