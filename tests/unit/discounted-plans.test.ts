import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/format';
import { codeDiscountPerPersonCents, PAYMENT_PLANS, priceOn, quote, type CodeDiscountTerms, type EditionPrice } from '../../src/lib/payment-plans';

/**
 * Issue 38: a discount code and the early-bird price change the price a plan spreads, never the plan's arithmetic:
 * for any code, plan, party and days, the parts add up to the discounted total to the cent, no part is negative,
 * and the code takes off per person what it says (a percentage rounded up to the cent, a fixed amount at most the
 * price).
 */
const code = fc.oneof(
  fc.record({ code: fc.constant('PROTSENT'), percent: fc.integer({ min: 1, max: 100 }), amountPerPersonCents: fc.constant(null) }),
  fc.record({ code: fc.constant('SUMMA'), percent: fc.constant(null), amountPerPersonCents: fc.integer({ min: 1, max: 400_000 }) }),
) as fc.Arbitrary<CodeDiscountTerms>;

const edition = fc.record({
  priceCents: fc.integer({ min: 0, max: 500_000 }),
  compareAtCents: fc.constant(null),
  roomSupplementCents: fc.record({ 'single-room': fc.integer({ min: 0, max: 50_000 }), 'shared-room': fc.constant(0) }),
}) as fc.Arbitrary<EditionPrice>;

const days = fc.record({ bookedOffset: fc.integer({ min: 0, max: 400 }), lead: fc.integer({ min: 5, max: 400 }) }).map(({ bookedOffset, lead }) => {
  const bookedOn = addDays('2026-01-01', bookedOffset);
  return { bookedOn, startDate: addDays(bookedOn, lead) };
});

describe('a discounted quote', () => {
  it('splits into parts that add up to its total to the cent, for random codes, plans and parties', () => {
    fc.assert(
      fc.property(edition, code, fc.constantFrom(...PAYMENT_PLANS), fc.integer({ min: 1, max: 12 }), fc.constantFrom('single-room', 'shared-room'), days, (e, c, plan, people, room, d) => {
        const q = quote(e, room, people, plan, d, c);
        const perPerson = codeDiscountPerPersonCents(q.unitCents, c);
        expect(q.codeDiscount).toEqual({ ...c, perPersonCents: perPerson, totalCents: perPerson * people });
        expect(q.totalCents).toBe(q.unitAfterDiscountCents * people);
        expect(q.totalCents).toBeGreaterThanOrEqual(0);
        expect(q.totalCents).toBeLessThanOrEqual(q.listCents - q.codeDiscount!.totalCents);
        expect(q.listCents - q.discountCents).toBe(q.totalCents);
        expect(q.parts.every((p) => p.amountCents > 0)).toBe(true);
        expect(q.parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(q.totalCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes a percentage rounded up to the cent and a fixed amount at most the price', () => {
    expect(codeDiscountPerPersonCents(129_900, { code: 'A', percent: 10, amountPerPersonCents: null })).toBe(12_990);
    expect(codeDiscountPerPersonCents(149_999, { code: 'A', percent: 10, amountPerPersonCents: null })).toBe(15_000);
    expect(codeDiscountPerPersonCents(4_000, { code: 'A', percent: null, amountPerPersonCents: 5_000 })).toBe(4_000);
    expect(codeDiscountPerPersonCents(129_900, { code: 'A', percent: 100, amountPerPersonCents: null })).toBe(129_900);
  });
});

describe('the price on a day', () => {
  const r = { priceCents: 129_900, earlyBirdPriceCents: 109_900, earlyBirdUntil: '2026-12-31' };
  it('is the early-bird price through its last day and the regular one after', () => {
    expect(priceOn(r, '2026-12-31')).toEqual({ priceCents: 109_900, earlyBird: { regularCents: 129_900, until: '2026-12-31' } });
    expect(priceOn(r, '2027-01-01')).toEqual({ priceCents: 129_900, earlyBird: null });
  });
  it('is the regular price without an early-bird price, or with one not below it', () => {
    expect(priceOn({ ...r, earlyBirdPriceCents: null }, '2026-12-01').earlyBird).toBeNull();
    expect(priceOn({ ...r, earlyBirdPriceCents: 129_900 }, '2026-12-01')).toEqual({ priceCents: 129_900, earlyBird: null });
  });
});
