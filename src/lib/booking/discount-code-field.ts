/** The booking form's discount code field (issue 38), shared by the form's schema and the check's. */
import * as z from 'zod';
import { CODE_TEXT, DISCOUNT_CODE_MAX, DISCOUNT_REFUSALS, normalizeDiscountCode } from '../discount-code-text';

/** The guest's code in the booking form and the check: empty is none; not letters and digits is no code there is. */
export const guestDiscountCodeField = z
  .string()
  .max(100, DISCOUNT_REFUSALS.unknown)
  .nullish()
  .transform((v, ctx) => {
    const code = normalizeDiscountCode(v ?? '');
    if (code === '') return undefined;
    if (!CODE_TEXT.test(code) || code.length > DISCOUNT_CODE_MAX) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_REFUSALS.unknown });
      return z.NEVER;
    }
    return code;
  });

