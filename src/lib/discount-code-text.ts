/**
 * What the screens need of discount codes (issue 38), without zod, kept apart from the back office's contract
 * (./discount-codes) so the booking form's and the booking detail's bundles stay small: the code's spelling, the
 * refusals and the words for what a code gives. The guest's field (zod) is ./booking/discount-code-field.
 */
import { formatDateEt, formatMoney } from './format';
import type { CodeDiscountTerms } from './payment-plans';

export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 32;
/** Letters and digits only (Estonian letters included). */
export const CODE_TEXT = /^[\p{L}\p{N}]+$/u;

/** The one spelling of a code: trimmed and in capitals, so "kevad10" and "KEVAD10" are one code. */
export const normalizeDiscountCode = (code: string): string => code.trim().toLocaleUpperCase('et');

/** Why a guest's code is refused, as the booking form says it under the field (422 on `discountCode`). */
export const DISCOUNT_REFUSALS = {
  unknown: 'Sellist sooduskoodi ei ole.',
  ended: 'See sooduskood ei kehti enam.',
  notYet: (from: string) => `See sooduskood hakkab kehtima ${formatDateEt(from)}.`,
  usedUp: 'See sooduskood on juba ära kasutatud.',
  notForEdition: 'See sooduskood ei kehti valitud retriidile.',
} as const;
export type DiscountRefusal = keyof typeof DISCOUNT_REFUSALS;

/** What a code gives, in words: "−10 %" or "−50,00 € inimese kohta". */
export const discountText = (terms: Pick<CodeDiscountTerms, 'percent' | 'amountPerPersonCents'>): string =>
  terms.percent !== null ? `−${terms.percent} %` : `−${formatMoney(terms.amountPerPersonCents ?? 0)} inimese kohta`;

/** The invoice's, the e-mail's and the form's line for a code: "Soodustus KEVAD10 −10 %". */
export const discountLineText = (terms: CodeDiscountTerms): string => `Soodustus ${terms.code} ${discountText(terms)}`;
