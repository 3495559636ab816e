/**
 * One way for every admin list to page, sort and search on the server (bookings today; clients, users, retreats and
 * the audit trail next): the list's own zod schema has already checked `page`, `pageSize` and `sort` against a fixed
 * set, so what reaches SQL here is a known column, never text from the request.
 */
import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { foldForSearch } from './search-fold';

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

/** `expression LIKE '%text%'` with the pattern's escape said: the condition a list's plain search asks. */
export const containsSql = (expression: SQLWrapper, text: string): SQL => sql`${expression} LIKE ${containsPattern(text)} ESCAPE '\\'`;

/**
 * The ids of the rows of a trigram index (`guests_search` of migration 0003, `users_search` of 0005,
 * `customers_search` of 0007, `retreats_search` and `invoices_search` of 0020) whose text contains `text`, both
 * folded by ./search-fold. FTS5 serves a plain LIKE from the index but scans for one with an ESCAPE clause, so the
 * escape is added only when the admin typed a wildcard character.
 */
function idsMatching(
  index: 'guests_search' | 'users_search' | 'customers_search' | 'retreats_search' | 'invoices_search',
  idColumn: 'guest_id' | 'user_id' | 'customer_id' | 'rowid',
  typed: string,
): SQL {
  const text = foldForSearch(typed);
  const literal = /[\\%_]/.test(text);
  const pattern = literal ? containsPattern(text) : `%${text}%`;
  const from = sql.raw(`SELECT ${idColumn} FROM ${index} WHERE text LIKE `);
  return literal ? sql`${from}${pattern} ESCAPE '\\'` : sql`${from}${pattern}`;
}

/** Guests whose "first last e-mail" contains `text`. */
export const guestIdsMatching = (text: string): SQL => idsMatching('guests_search', 'guest_id', text);

/** Accounts whose "e-mail first last" contains `text`. */
export const userIdsMatching = (text: string): SQL => idsMatching('users_search', 'user_id', text);

/** Clients whose "first last e-mail phone" contains `text`. */
export const customerIdsMatching = (text: string): SQL => idsMatching('customers_search', 'customer_id', text);

/** Retreats whose "name location description" contains `text` (migration 0020: the index's rowid is the retreat's id). */
export const retreatIdsMatching = (text: string): SQL => idsMatching('retreats_search', 'rowid', text);

/** Invoices and credit notes whose "number buyer" contains `text` (migration 0020: rowid = the invoice's id). */
export const invoiceIdsMatching = (text: string): SQL => idsMatching('invoices_search', 'rowid', text);
