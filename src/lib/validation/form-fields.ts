/**
 * The admin forms' small field rules, shared by every admin contract (bookings, payments, invoices, retreats): a real
 * calendar day, optional cleaned text, an optional day and time. Browser-safe.
 */
import * as z from 'zod';
import { sanitizeFreeText } from './sanitize';

/** The fields' own messages (the booking forms' messages name them too). */
export const FIELD_MESSAGES = {
  invalidDate: 'Sisestage kuupäev kujul pp.kk.aaaa.',
  invalidTime: 'Sisestage kellaaeg kujul tt:mm.',
} as const;
const M = FIELD_MESSAGES;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isRealDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** "" or null → null; otherwise cleaned text (the shared sanitiser), null when nothing is left. */
export const optionalText = (max = 1000) =>
  z
    .string()
    .nullish()
    .transform((v) => {
      const clean = sanitizeFreeText(v ?? '').slice(0, max);
      return clean === '' ? null : clean;
    });

export const optionalDay = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    if (!isRealDay(v.trim())) {
      ctx.addIssue({ code: 'custom', message: M.invalidDate });
      return z.NEVER;
    }
    return v.trim();
  });

export const optionalTime = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.trim())) {
      ctx.addIssue({ code: 'custom', message: M.invalidTime });
      return z.NEVER;
    }
    return v.trim();
  });

/**
 * A whole number typed as text in a form (or sent as a JSON number): "" or null is `empty`; otherwise digits only
 * ("1e3", "12.5", " 7x" are not numbers here) between `min` and `max`, else `message`.
 */
export const wholeNumberInput = <E extends number | null>(min: number, max: number, message: string, empty: E) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx): number | E => {
      if (v === null || v === undefined || String(v).trim() === '') return empty;
      const text = String(v).trim();
      if (!/^\d{1,7}$/.test(text) || Number(text) < min || Number(text) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    });

