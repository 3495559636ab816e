import { describe, expect, it } from 'vitest';
import type { EditionAvailability } from '../../src/lib/booking/availability';
import { PRICE_BLOCK_RULES } from '../../src/lib/booking/offer';
import { priceBlock } from '../../src/lib/booking/price-block';
import { goesOnWaitingList, partyOnWaitingListText } from '../../src/lib/booking/waiting-list';
import { addDays } from '../../src/lib/format';
import { planOffered, planParts } from '../../src/lib/payment-plans';

// Issue 38: what the landing hero and the booking page say about the editions on sale, and the form's waiting-list
// sentence. Booked on 2026-09-01: an edition from 2027-01-14 still offers instalments (its balance day is more than
// two invoice terms after the first part), one from 2026-11-20 no longer does.
const TODAY = '2026-09-01';
const edition = (startDate: string, price: Partial<EditionAvailability['price']>, open = true) =>
  ({
    open,
    startDate,
    price: { priceCents: 129_900, compareAtCents: 159_900, roomSupplementCents: { 'single-room': 0, 'shared-room': 0 }, earlyBird: null, ...price },
  }) as EditionAvailability;

const block = (availability: Parameters<typeof priceBlock>[0]) => priceBlock(availability, PRICE_BLOCK_RULES);

describe('the price block', () => {
  // 1199 € in three: the first instalment carries the remainder (399,68 + 399,66 + 399,66), the hero says the first.
  it('is the lowest price that applies today among the open editions, with the compare-at price struck', () => {
    const offer = block({
      today: TODAY,
      editions: [edition('2027-01-14', {}), edition('2027-03-14', { priceCents: 119_900 }), edition('2027-05-14', { priceCents: 99_900 }, false)],
    });
    expect(offer).toEqual({ priceCents: 119_900, struckCents: 159_900, earlyBirdUntil: null, instalments: { count: 3, amountCents: 39_968 } });
  });

  it('strikes the regular price while an early-bird price runs, and says its last day', () => {
    const early = edition('2027-01-14', { priceCents: 109_900, earlyBird: { regularCents: 129_900, until: '2026-12-31' } });
    expect(block({ today: TODAY, editions: [edition('2027-03-14', {}), early] })).toMatchObject({
      priceCents: 109_900,
      struckCents: 129_900,
      earlyBirdUntil: '2026-12-31',
    });
  });

  it('strikes nothing when the compare-at price is not above the price', () => {
    expect(block({ today: TODAY, editions: [edition('2027-01-14', { compareAtCents: 129_900 })] })?.struckCents).toBeNull();
    expect(block({ today: TODAY, editions: [edition('2027-01-14', { compareAtCents: null })] })?.struckCents).toBeNull();
  });

  it('offers instalments only from the editions that still offer them today, on their lowest price', () => {
    const soon = edition('2026-11-20', { priceCents: 99_900 });
    expect(planOffered('instalments', { bookedOn: TODAY, startDate: soon.startDate })).toBe(false);
    expect(block({ today: TODAY, editions: [soon] })).toMatchObject({ priceCents: 99_900, instalments: null });
    // 1299 € in three: 433 € each.
    expect(block({ today: TODAY, editions: [soon, edition('2027-01-14', {})] })).toMatchObject({
      priceCents: 99_900,
      instalments: { count: 3, amountCents: 43_300 },
    });
  });

  it('is null when no edition takes requests', () => {
    expect(block({ today: TODAY, editions: [] })).toBeNull();
    expect(block({ today: TODAY, editions: [edition('2027-01-14', {}, false)] })).toBeNull();
  });
});

describe("the price block's rules are the plans' own", () => {
  // Booking days across a year (month ends, a leap day, both clock changes) and leads from none to over a year.
  const days = Array.from({ length: 60 }, (_, i) => addDays('2027-12-20', i * 7));
  const leads = Array.from({ length: 420 }, (_, i) => i);

  it('offers instalments exactly when planOffered does', () => {
    for (const bookedOn of days) {
      for (const lead of leads) {
        const startDate = addDays(bookedOn, lead);
        const offered = block({ today: bookedOn, editions: [edition(startDate, {})] })?.instalments !== null;
        expect(offered, `booked ${bookedOn}, starts ${startDate}`).toBe(planOffered('instalments', { bookedOn, startDate }));
      }
    }
  });

  it('says the first instalment as planParts makes it, for any price', () => {
    const startDate = addDays(TODAY, 200);
    for (let priceCents = 100; priceCents < 400_000; priceCents += 997) {
      const first = planParts('instalments', { bookedOn: TODAY, startDate }, priceCents)[0]!;
      expect(block({ today: TODAY, editions: [edition(startDate, { priceCents })] })?.instalments).toEqual({
        count: 3,
        amountCents: first.amountCents,
      });
    }
  });
});

describe('goesOnWaitingList', () => {
  it.each([
    [null, 5, false],
    [3, 3, false],
    [3, 4, true],
    [0, 1, true],
  ] as const)('%s places left, a party of %i: %s', (placesLeft, people, expected) => {
    expect(goesOnWaitingList({ placesLeft }, people)).toBe(expected);
  });

  it('says so in one sentence', () => {
    expect(partyOnWaitingListText(4, 3)).toBe('Teie seltskonnas on 4 inimest, vabu kohti on 3: taotlus läheb ootejärjekorda.');
  });
});
