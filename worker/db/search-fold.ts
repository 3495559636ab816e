/**
 * How the back office's searches compare text (issue 21): case-insensitive for every Estonian letter and blind to
 * their diacritics, so "õunapuu" finds "Õunapuu", "smidt" finds "Šmidt" and "KÜLALINE" finds "külaline".
 *
 * One rule in two forms: `foldForSearch` (TypeScript, for what the admin typed) and `foldSql` (SQL, for stored
 * text; migration 0020 wrote the same expression, made from SEARCH_FOLDS, into the search indexes' triggers). tests/api/search-fold.test.ts
 * checks that the two agree, the migration's triggers included. SQLite's lower() folds ASCII only, hence the table
 * with both cases of each letter, and the TypeScript side lowers ASCII only too, so both sides leave other letters
 * alone alike.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Each Estonian letter beyond ASCII, both cases, and the letter it is searched as. */
export const SEARCH_FOLDS: readonly (readonly [from: string, to: string])[] = [
  ['õ', 'o'],
  ['Õ', 'o'],
  ['ä', 'a'],
  ['Ä', 'a'],
  ['ö', 'o'],
  ['Ö', 'o'],
  ['ü', 'u'],
  ['Ü', 'u'],
  ['š', 's'],
  ['Š', 's'],
  ['ž', 'z'],
  ['Ž', 'z'],
];

const FOLD = new Map(SEARCH_FOLDS);
const FOLDED = new RegExp(`[A-Z${SEARCH_FOLDS.map(([from]) => from).join('')}]`, 'g');

/** Text as the search indexes hold it. */
export function foldForSearch(text: string): string {
  return text.replace(FOLDED, (ch) => FOLD.get(ch) ?? ch.toLowerCase());
}

/** The SQL expression of `foldForSearch` over `expr` (nested replace() over lower()). */
export function foldSql(expr: SQLWrapper | SQL): SQL {
  return SEARCH_FOLDS.reduce<SQL>((inner, [from, to]) => sql`replace(${inner}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`, sql`lower(${expr})`);
}
