import { describe, expect, it } from 'vitest';
import settings from '../../content/settings/site.json';
import { planOffered, planParts, quote, quotes, type EditionPrice } from '../../src/lib/payment-plans';

// The content's edition price: 1299 € per person (1599 € struck), and a room supplement to show it adds per person.
const EDITION: EditionPrice = { priceCents: 129_900, compareAtCents: 159_900, roomSupplementCents: { 'single-room': 20_000, 'shared-room': 0 } };
// Booked 2026-09-01 for a start on 2027-01-14: the balance day is 2026-11-15 (60 days before).
const EARLY = { bookedOn: '2026-09-01', startDate: '2027-01-14' };

describe('the price table, written out (issue "Sell")', () => {
  // people, room, plan → total, and the parts' amounts in euros
  it.each([
    [1, 'shared-room', 'full', 1234, [1234]],
    [2, 'shared-room', 'full', 2468, [2468]],
    [3, 'shared-room', 'full', 3702, [3702]],
    [1, 'single-room', 'full', 1424, [1424]], // 1499 × 0.95 = 1424.05 → 1424
    [2, 'single-room', 'full', 2848, [2848]],
    [1, 'shared-room', 'instalments', 1299, [433, 433, 433]],
    [2, 'shared-room', 'instalments', 2598, [866, 866, 866]],
    [1, 'single-room', 'instalments', 1499, [499.68, 499.66, 499.66]], // the first carries the remainder
    [2, 'single-room', 'instalments', 2998, [999.34, 999.33, 999.33]],
    [1, 'shared-room', 'advance', 1299, [300, 999]],
    [2, 'shared-room', 'advance', 2598, [600, 1998]],
    [4, 'single-room', 'advance', 5996, [1200, 4796]],
  ] as const)('%i × %s on %s: %d €, parts %j', (people, room, plan, totalEur, partsEur) => {
    const q = quote(EDITION, room, people, plan, EARLY);
    expect(q.totalCents).toBe(totalEur * 100);
    expect(q.parts.map((p) => p.amountCents)).toEqual(partsEur.map((eur) => Math.round(eur * 100)));
    expect(q.parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(q.totalCents);
    expect(q.listCents - q.discountCents).toBe(q.totalCents);
  });

  it("gives the content's advertised figures: 1234 € in full, 3 × 433 €", () => {
    expect(quote(EDITION, 'shared-room', 1, 'full', EARLY).totalCents).toBe(settings.price.fullPayment.amountEur * 100);
    const instalments = quote(EDITION, 'shared-room', 1, 'instalments', EARLY).parts;
    expect(instalments).toHaveLength(settings.price.instalments.count);
    expect(instalments.every((p) => p.amountCents === settings.price.instalments.amountEur * 100)).toBe(true);
  });

  it('dates each part: one term after booking, halfway, and the balance day 60 days before the start', () => {
    expect(quote(EDITION, 'shared-room', 1, 'instalments', EARLY).parts.map((p) => [p.part, p.dueOn])).toEqual([
      ['instalment1', '2026-09-15'],
      ['instalment2', '2026-10-15'],
      ['instalment3', '2026-11-15'],
    ]);
    expect(quote(EDITION, 'shared-room', 1, 'advance', EARLY).parts.map((p) => [p.part, p.dueOn])).toEqual([
      ['advance', '2026-09-15'],
      ['balance', '2026-11-15'],
    ]);
    expect(quote(EDITION, 'shared-room', 1, 'full', EARLY).parts.map((p) => [p.part, p.dueOn])).toEqual([['full', '2026-09-15']]);
  });
});

describe('which plans are offered', () => {
  it('all three while there is time; instalments need two terms between the first and the balance day', () => {
    expect(quotes(EDITION, 'shared-room', 1, EARLY).map((q) => q.plan)).toEqual(['full', 'instalments', 'advance']);
    // first due 2026-11-01 + 14 → 2026-10-18 .. 2026-11-15 is 28 days: still offered; a day later it is not
    expect(planOffered('instalments', { bookedOn: '2026-10-04', startDate: EARLY.startDate })).toBe(true);
    expect(planOffered('instalments', { bookedOn: '2026-10-05', startDate: EARLY.startDate })).toBe(false);
    expect(planOffered('advance', { bookedOn: '2026-10-31', startDate: EARLY.startDate })).toBe(true);
    expect(planOffered('advance', { bookedOn: '2026-11-01', startDate: EARLY.startDate })).toBe(false);
  });

  it('a late booking is offered the full payment only, due one term later but never after the first day', () => {
    const late = { bookedOn: '2027-01-05', startDate: EARLY.startDate };
    expect(quotes(EDITION, 'shared-room', 2, late).map((q) => q.plan)).toEqual(['full']);
    expect(quote(EDITION, 'shared-room', 2, 'full', late).parts).toEqual([{ part: 'full', dueOn: '2027-01-14', amountCents: 246_800 }]);
  });

  it('a plan no longer possible (the booking moved to an earlier edition) owes everything at once', () => {
    const moved = { bookedOn: '2026-12-20', startDate: EARLY.startDate };
    expect(planParts('instalments', moved, 259_800)).toEqual([{ part: 'full', dueOn: '2027-01-03', amountCents: 259_800 }]);
    expect(planParts('advance', moved, 259_800, 60_000)).toEqual([{ part: 'full', dueOn: '2027-01-03', amountCents: 259_800 }]);
  });

  it('the advance plan with no more owed than the advance is one payment', () => {
    expect(planParts('advance', EARLY, 60_000, 60_000)).toEqual([{ part: 'full', dueOn: '2026-09-15', amountCents: 60_000 }]);
  });
});
