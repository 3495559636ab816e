/**
 * Discount codes (issue 38): the contract the back office's "Soodustused" screen, the booking form and the API share.
 * A code is letters and digits, read case-insensitively (stored in capitals); it gives a percentage or a fixed amount
 * off each person's price, on every edition or on some, within its days, up to its number of uses. A used code is
 * never deleted: it is ended. The price arithmetic is src/lib/payment-plans (`codeDiscountPerPersonCents`); the
 * checks and the counting are the server's (worker/domain/discounts).
 */
import * as z from 'zod';
import { API_ERRORS } from './api-errors';
import { CODE_TEXT, DISCOUNT_CODE_MAX, DISCOUNT_CODE_MIN, normalizeDiscountCode } from './discount-code-text';
import { guestDiscountCodeField } from './booking/discount-code-field';
import { nullableMoneyInput } from './money';
import { pagingParams, searchParam, type ListPage } from './list-query';
import { optionalDay, optionalText, wholeNumberInput } from './validation/form-fields';
import type { CodeDiscountTerms } from './payment-plans';

export { DISCOUNT_CODE_MAX, DISCOUNT_CODE_MIN, DISCOUNT_REFUSALS, discountLineText, discountText, normalizeDiscountCode } from './discount-code-text';
export { guestDiscountCodeField } from './booking/discount-code-field';
export type { DiscountRefusal } from './discount-code-text';

export const DISCOUNT_CODE_MESSAGES = {
  codeRequired: 'Sisestage sooduskood.',
  codeFormat: `Sooduskood koosneb tähtedest ja numbritest (${DISCOUNT_CODE_MIN}–${DISCOUNT_CODE_MAX} märki).`,
  codeTaken: API_ERRORS.discount_code_taken.message,
  percent: 'Protsent peab olema täisarv 1–100.',
  oneKind: 'Sisestage kas protsent või summa inimese kohta, mitte mõlemat.',
  kindRequired: 'Sisestage soodustuse protsent või summa inimese kohta.',
  amountPositive: 'Summa inimese kohta peab olema suurem kui 0.',
  maxUses: 'Kasutuskordade arv peab olema täisarv 1–100000.',
  maxUsesBelowUses: (uses: number) => `Kasutuskordi ei saa olla vähem kui juba kasutatud (${uses}).`,
  untilBeforeFrom: 'Lõppkuupäev ei saa olla enne alguskuupäeva.',
  retreatUnknown: 'Valitud retriiti ei leitud.',
  ended: 'Sooduskood lõpetatud',
  created: 'Sooduskood lisatud',
  saved: 'Sooduskood salvestatud',
} as const;

const codeField = z
  .string({ error: DISCOUNT_CODE_MESSAGES.codeRequired })
  .transform(normalizeDiscountCode)
  .refine((v) => v.length > 0, DISCOUNT_CODE_MESSAGES.codeRequired)
  .refine((v) => CODE_TEXT.test(v) && v.length >= DISCOUNT_CODE_MIN && v.length <= DISCOUNT_CODE_MAX, DISCOUNT_CODE_MESSAGES.codeFormat);

const retreatIdsField = z
  .array(z.number().int().positive(), { error: DISCOUNT_CODE_MESSAGES.retreatUnknown })
  .max(200)
  .nullish()
  .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)].sort((a, b) => a - b) : null));

const periodInOrder = (v: { validFrom: string | null; validUntil: string | null }) => !v.validFrom || !v.validUntil || v.validFrom <= v.validUntil;

/** POST /api/admin/discount-codes: `percent` or `amountPerPerson` (text euros, as every amount travels). */
export const discountCodeCreateSchema = z
  .strictObject({
    code: codeField,
    percent: wholeNumberInput(1, 100, DISCOUNT_CODE_MESSAGES.percent, null),
    amountPerPerson: nullableMoneyInput,
    /** Absent or empty: every edition. */
    retreatIds: retreatIdsField,
    validFrom: optionalDay,
    validUntil: optionalDay,
    /** Absent: no limit. */
    maxUses: wholeNumberInput(1, 100_000, DISCOUNT_CODE_MESSAGES.maxUses, null),
    note: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.percent !== null && v.amountPerPerson !== null) ctx.addIssue({ code: 'custom', path: ['amountPerPerson'], message: DISCOUNT_CODE_MESSAGES.oneKind });
    else if (v.percent === null && v.amountPerPerson === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: DISCOUNT_CODE_MESSAGES.kindRequired });
    else if (v.amountPerPerson === 0) ctx.addIssue({ code: 'custom', path: ['amountPerPerson'], message: DISCOUNT_CODE_MESSAGES.amountPositive });
    if (!periodInOrder(v)) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: DISCOUNT_CODE_MESSAGES.untilBeforeFrom });
  });
export type DiscountCodeCreateInput = z.input<typeof discountCodeCreateSchema>;
export type DiscountCodeCreate = z.output<typeof discountCodeCreateSchema>;

/**
 * PATCH /api/admin/discount-codes/:id: what may change once a code exists (its text and its discount do not: bookings
 * carry them). `version` refuses a stale edit.
 */
export const discountCodeEditSchema = z
  .strictObject({
    version: z.number().int().nonnegative(),
    retreatIds: retreatIdsField,
    validFrom: optionalDay,
    validUntil: optionalDay,
    maxUses: wholeNumberInput(1, 100_000, DISCOUNT_CODE_MESSAGES.maxUses, null),
    note: optionalText(500),
  })
  .refine(periodInOrder, { path: ['validUntil'], message: DISCOUNT_CODE_MESSAGES.untilBeforeFrom });
export type DiscountCodeEditInput = z.input<typeof discountCodeEditSchema>;
export type DiscountCodeEdit = z.output<typeof discountCodeEditSchema>;

/** POST /api/admin/discount-codes/:id/end */
export const discountCodeEndSchema = z.strictObject({ version: z.number().int().nonnegative() });

/** GET /api/admin/discount-codes: searched over the code and the note; newest first. */
export const discountCodeListQuerySchema = z.object({ q: searchParam, ...pagingParams });

/**
 * How a code stands on a day: 'active' (takes bookings), 'scheduled' (its first day is ahead), 'expired' (its last
 * day passed), 'used_up', 'ended' (the organiser ended it).
 */
export type DiscountCodeState = 'active' | 'scheduled' | 'expired' | 'used_up' | 'ended';

export const DISCOUNT_CODE_STATE_LABELS: Record<DiscountCodeState, string> = {
  active: 'Kehtib',
  scheduled: 'Hakkab kehtima',
  expired: 'Aegunud',
  used_up: 'Kasutatud',
  ended: 'Lõpetatud',
};

export interface DiscountCodeItem {
  id: number;
  code: string;
  percent: number | null;
  amountPerPersonCents: number | null;
  /** null: every edition. */
  retreats: { id: number; name: string }[] | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  uses: number;
  /** The discount the bookings that used it were given (cancelled bookings left out). */
  givenAwayCents: number;
  note: string | null;
  endedAt: string | null;
  state: DiscountCodeState;
  createdAt: string;
  version: number;
}

export type DiscountCodeListResponse = ListPage<DiscountCodeItem>;

/** How a code stands on a Tallinn day (the list's state column; the guest's check asks the same in ./discounts). */
export function discountCodeState(
  c: Pick<DiscountCodeItem, 'endedAt' | 'validFrom' | 'validUntil' | 'maxUses' | 'uses'>,
  today: string,
): DiscountCodeState {
  if (c.endedAt) return 'ended';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'used_up';
  if (c.validUntil !== null && today > c.validUntil) return 'expired';
  if (c.validFrom !== null && today < c.validFrom) return 'scheduled';
  return 'active';
}

/** POST /api/discount-codes/check: the booking form asks what a code gives on an edition before sending. */
export const discountCodeCheckSchema = z.strictObject({
  code: guestDiscountCodeField.refine((v) => v !== undefined, DISCOUNT_CODE_MESSAGES.codeRequired),
  retreatMonth: z.string().max(40),
});

export interface DiscountCodeCheckResponse {
  discountCode: CodeDiscountTerms;
}
