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
    const quote = refundQuote({ startDate: START, today: addDays(START, -days), paidCents: PAID, billedCents: PAID });
    expect(quote).toMatchObject({ daysBefore: days, tier: { refundPercent, feePercent }, paidCents: PAID, refundCents });
    expect(quote.feeCents).toBe(Math.round((PAID * feePercent) / 100));
  });

  it('rounds to the cent, and nothing paid means nothing back', () => {
    expect(refundQuote({ startDate: START, today: addDays(START, -90), paidCents: 333, billedCents: PAID }).refundCents).toBe(333 - 17);
    expect(refundQuote({ startDate: START, today: addDays(START, -90), paidCents: 0, billedCents: PAID })).toMatchObject({ refundCents: 0, feeCents: 0 });
  });

  it('without a start date gives what was paid, for the admin to decide', () => {
    expect(refundQuote({ startDate: null, today: '2026-01-01', paidCents: PAID, billedCents: PAID })).toEqual({ daysBefore: null, tier: null, paidCents: PAID, overpaidCents: 0, feeCents: 0, refundCents: PAID });
  });

  it('takes the fee from the price, never from an overpayment, which goes back whole', () => {
    // The booking: 1 567 € billed, 1 600,50 € paid, cancelled 60+ days before: 5 % of 1 567 €, and 33,50 € back.
    const quote = refundQuote({ startDate: START, today: addDays(START, -90), paidCents: 160_050, billedCents: 156_700 });
    expect(quote).toMatchObject({ paidCents: 160_050, overpaidCents: 3_350, feeCents: 7_835, refundCents: 156_700 - 7_835 + 3_350 });
    // Under 30 days nothing of the price comes back, and still the whole overpayment does.
    expect(refundQuote({ startDate: START, today: addDays(START, -10), paidCents: 160_050, billedCents: 156_700 })).toMatchObject({ feeCents: 0, refundCents: 3_350 });
  });

  it('gives a waiting-list party (billed nothing) everything it paid back, without a fee', () => {
    expect(refundQuote({ startDate: START, today: addDays(START, -90), paidCents: 30_000, billedCents: 0 })).toMatchObject({ overpaidCents: 30_000, feeCents: 0, refundCents: 30_000 });
  });
});
