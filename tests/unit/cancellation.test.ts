import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/format';
import { refundQuote } from '../../src/lib/cancellation';

// The settings' tiers: 60+ days before the start: all back less 5%; 30–59: 50%; under 30: nothing.
const START = '2026-06-14';
const PAID = 129_900;

describe('refundQuote at each boundary day', () => {
  it.each([
    [61, 100, 5, 123_405],
    [60, 100, 5, 123_405],
    [59, 50, 0, 64_950],
    [30, 50, 0, 64_950],
    [29, 0, 0, 0],
    [0, 0, 0, 0],
    [-3, 0, 0, 0],
  ])('%i days before: %i%% back, %i%% fee → %i cents', (days, refundPercent, feePercent, refundCents) => {
    const quote = refundQuote({ startDate: START, today: addDays(START, -days), paidCents: PAID });
    expect(quote).toMatchObject({ daysBefore: days, tier: { refundPercent, feePercent }, paidCents: PAID, refundCents });
    expect(quote.feeCents).toBe(Math.round((PAID * feePercent) / 100));
  });

  it('rounds to the cent, and nothing paid means nothing back', () => {
    expect(refundQuote({ startDate: START, today: addDays(START, -90), paidCents: 333 }).refundCents).toBe(333 - 17);
    expect(refundQuote({ startDate: START, today: addDays(START, -90), paidCents: 0 })).toMatchObject({ refundCents: 0, feeCents: 0 });
  });

  it('without a start date gives what was paid, for the admin to decide', () => {
    expect(refundQuote({ startDate: null, today: '2026-01-01', paidCents: PAID })).toEqual({ daysBefore: null, tier: null, paidCents: PAID, feeCents: 0, refundCents: PAID });
  });
});
