/**
 * The pieces every admin list's query schema is made of (bookings, clients, users, retreats, the audit trail): the
 * API validates `?q=&page=&pageSize=&sort=` with them and the screens keep the same values in their URL.
 *
 * Written with zod/mini, which a bundle takes piece by piece: a list screen that parses its URL with these (and with
 * list schemas written the same way, ./audit, ./invoice-list) does not load the whole of zod
 * (docs/decisions/023-page-javascript.md). They are zod schemas all the same: the API's schemas, written with the
 * full zod, take them as fields, and refuse with the same issues and messages.
 */
import * as z from 'zod/mini';

/** An empty URL parameter means "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A URL parameter read with `schema`, an empty one as absent: `z.preprocess(emptyToUndefined, schema)` in zod/mini.
 * Its input type says what a URL holds (a string, or nothing), so the typed client (src/islands/api/typed.ts) sends
 * it as an optional parameter rather than a required `unknown`.
 */
export const fromParam = <T extends z.core.$ZodType>(schema: T) =>
  z.pipe(z.transform<unknown, unknown>(emptyToUndefined), schema as z.core.$ZodType<unknown, unknown>) as unknown as z.ZodMiniPipe<
    z.ZodMiniTransform<unknown, string | undefined>,
    T
  >;

/** A whole number from a URL parameter: digits only ("1e3", "0x10", " 7" are not numbers here). */
export const countParam = (min: number, max: number) =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,10}$/, 'Oodati täisarvu.')), z.transform(Number))]),
    z.number().check(z.int(), z.minimum(min), z.maximum(max)),
  );

/** Free-text search of a list: trimmed, at most 100 characters, absent when empty. */
export const searchParam = fromParam(z.optional(z.string().check(z.trim(), z.maxLength(100))));

/** A calendar day from a URL parameter (YYYY-MM-DD, a day that exists), absent when empty: a list's period bound. */
export const dayParam = fromParam(
  z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Sisestage kuupäev kujul aaaa-kk-pp.'),
        z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Sellist kuupäeva ei ole.'),
      ),
  ),
);

/** A period's bounds are in order (either may be open). */
export const periodInOrder = (q: { from?: string; to?: string }): boolean => !q.from || !q.to || q.from <= q.to;

/** Page (from 1) and page size (at most 100, 25 by default). */
export const pagingParams = {
  page: fromParam(z._default(countParam(1, 1_000_000), 1)),
  pageSize: fromParam(z._default(countParam(1, 100), 25)),
};

/** What every list endpoint answers: one page of items and how many match in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
