/**
 * Money fields for the shared schemas: typed amounts (./money-text, the rule itself) read as integer cents, refused
 * with the same messages in the browser and the API.
 */
import * as z from 'zod';
import { MONEY_MESSAGES, parseMoney } from './money-text';

export { MONEY_MESSAGES, centsToInput, parseMoney, sumCents } from './money-text';

/**
 * Amounts travel as text, never as JSON numbers: a number could be euros or cents, and binary floating point cannot
 * hold 0.1 exactly; text is read digit by digit.
 */
const amountText = z.string({ error: MONEY_MESSAGES.invalid });

/** A required amount ≥ 0, as cents. */
export const moneyInput = amountText.transform((text, ctx) => {
  const cents = parseMoney(text);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.invalid });
    return z.NEVER;
  }
  return cents;
});

/** An optional amount ≥ 0: "", null or absent → null. */
export const nullableMoneyInput = amountText
  .nullish()
  .transform((text, ctx) => {
    if (text === null || text === undefined || text.trim() === '') return null;
    const cents = parseMoney(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.invalid });
      return z.NEVER;
    }
    return cents;
  });
