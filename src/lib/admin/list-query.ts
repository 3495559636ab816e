/**
 * The pieces every admin list's query schema is made of (bookings, clients, users, retreats, the audit trail): the
 * API validates `?q=&page=&pageSize=&sort=` with them and the screens keep the same values in their URL.
 */
import * as z from 'zod';

/** An empty URL parameter means "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A whole number from a URL parameter: digits only ("1e3", "0x10", " 7" are not numbers here). */
export const countParam = (min: number, max: number) =>
  z.union([z.number(), z.string().regex(/^\d{1,10}$/, 'Oodati täisarvu.').transform(Number)]).pipe(z.number().int().min(min).max(max));

/** Free-text search of a list: trimmed, at most 100 characters, absent when empty. */
export const searchParam = z.preprocess(emptyToUndefined, z.string().trim().max(100).optional());

/** A calendar day from a URL parameter (YYYY-MM-DD, a day that exists), absent when empty: a list's period bound. */
export const dayParam = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Sisestage kuupäev kujul aaaa-kk-pp.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Sellist kuupäeva ei ole.')
    .optional(),
);

/** A period's bounds are in order (either may be open). */
export const periodInOrder = (q: { from?: string; to?: string }): boolean => !q.from || !q.to || q.from <= q.to;

/** Page (from 1) and page size (at most 100, 25 by default). */
export const pagingParams = {
  page: z.preprocess(emptyToUndefined, countParam(1, 1_000_000).default(1)),
  pageSize: z.preprocess(emptyToUndefined, countParam(1, 100).default(25)),
};

/** What every list endpoint answers: one page of items and how many match in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
