import { describe, expect, it } from 'vitest';
import { countNoun, editionLabel, formatCount, formatCountOf, formatDate, formatDateTime, formatMoney, tallinnDay, tallinnDayRange, tallinnDayStart } from '../../src/lib/format';
import { editionOptionLabel } from '../../src/lib/booking/availability';
import { publicEdition } from '../../src/lib/retreat-editions';

// Intl writes no-break spaces (U+00A0) between groups and before the sign; compare with them spelled out.
const nb = (text: string) => text.replace(/ /g, '\u00a0');

describe('money in the back office: et-EE euros from cents', () => {
  it.each([
    [129900, '1 299,00 €'],
    [5, '0,05 €'],
    [0, '0,00 €'],
    [1234567, '12 345,67 €'],
    [-30000, '−300,00 €'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(nb(text));
  });
  it('minus nothing has no sign (a refund total of 0 negated), and another currency shows its code', () => {
    expect(formatMoney(-0)).toBe(nb('0,00 €'));
    expect(formatMoney(-(0 as number))).toBe(nb('0,00 €'));
    expect(formatMoney(50_000, 'SEK')).toBe(nb('500,00 SEK'));
    expect(formatMoney(-0, 'GBP')).toBe(nb('0,00 GBP'));
  });
  it('no amount is a dash, not 0 €', () => {
    expect(formatMoney(null)).toBe('–');
    expect(formatMoney(undefined)).toBe('–');
  });
  it('counts group from four digits', () => {
    expect(formatCount(50000)).toBe(nb('50 000'));
    expect(formatCount(1299)).toBe(nb('1 299'));
  });
});

describe('dates dd.mm.yyyy, instants in Tallinn time', () => {
  it('a calendar day stays the same day', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
  });
  it('an instant late in the UTC evening is the next day in Tallinn', () => {
    expect(formatDate('2026-01-01T22:30:00.000Z')).toBe('02.01.2026');
    expect(tallinnDay(new Date('2026-01-01T22:30:00.000Z'))).toBe('2026-01-02');
  });
  it('summer time is UTC+3, winter UTC+2', () => {
    expect(formatDateTime('2026-07-01T09:05:00.000Z')).toBe('01.07.2026 12:05');
    expect(formatDateTime('2026-12-01T09:05:00.000Z')).toBe('01.12.2026 11:05');
  });
  it('empty is a dash; garbage is shown raw rather than "Invalid Date"', () => {
    expect(formatDate(null)).toBe('–');
    expect(formatDateTime('')).toBe('–');
    expect(formatDateTime('eile')).toBe('eile');
  });
});

describe('tallinnDayStart', () => {
  it('is midnight in Tallinn as a UTC instant, in winter and summer time and on both clock-change days', () => {
    expect(tallinnDayStart('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(tallinnDayStart('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z'); // clocks go forward at 03:00
    expect(tallinnDayStart('2026-03-30').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(tallinnDayStart('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z'); // clocks go back at 04:00
    expect(tallinnDayStart('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('agrees with tallinnDay on either side of the boundary', () => {
    for (const day of ['2026-02-01', '2026-06-21', '2026-12-31']) {
      const start = tallinnDayStart(day).getTime();
      expect(tallinnDay(new Date(start))).toBe(day);
      expect(tallinnDay(new Date(start - 1))).not.toBe(day);
    }
  });
});

describe('a Tallinn calendar day as a range of instants ("joined today")', () => {
  it.each([
    ['winter: UTC+2', '2026-03-01T08:00:00.000Z', '2026-03-01', '2026-02-28T22:00:00.000Z', '2026-03-01T22:00:00.000Z'],
    ['summer: UTC+3', '2026-07-01T20:59:59.999Z', '2026-07-01', '2026-06-30T21:00:00.000Z', '2026-07-01T21:00:00.000Z'],
    ['Tallinn midnight belongs to the new day', '2026-07-01T21:00:00.000Z', '2026-07-02', '2026-07-01T21:00:00.000Z', '2026-07-02T21:00:00.000Z'],
    ['the spring-forward day has 23 hours', '2026-03-29T12:00:00.000Z', '2026-03-29', '2026-03-28T22:00:00.000Z', '2026-03-29T21:00:00.000Z'],
    ['the fall-back day has 25 hours', '2026-10-24T21:30:00.000Z', '2026-10-25', '2026-10-24T21:00:00.000Z', '2026-10-25T22:00:00.000Z'],
    ['new year', '2026-12-31T22:00:00.000Z', '2027-01-01', '2026-12-31T22:00:00.000Z', '2027-01-01T22:00:00.000Z'],
  ])('%s', (_, instant, day, start, end) => {
    expect(tallinnDayRange(new Date(instant))).toEqual({ day, start, end });
  });
});

describe('counts with their noun in Estonian (issue 21: "1 kasutaja", not "1 kasutajat")', () => {
  it('the nominative singular after 1, the partitive otherwise', () => {
    expect(formatCountOf(1, 'kasutaja', 'kasutajat')).toBe('1 kasutaja');
    expect(formatCountOf(0, 'kasutaja', 'kasutajat')).toBe('0 kasutajat');
    expect(formatCountOf(2, 'broneering', 'broneeringut')).toBe('2 broneeringut');
    expect(formatCountOf(21, 'kirje', 'kirjet')).toBe('21 kirjet');
    expect(formatCountOf(50_000, 'klient', 'klienti')).toBe(`${formatCount(50_000)} klienti`);
  });
  it('the noun alone, as the dashboard sets it under its big number', () => {
    expect(countNoun(1, 'kasutaja', 'kasutajat')).toBe('kasutaja');
    expect(countNoun(3, 'retriit', 'retriiti')).toBe('retriiti');
  });
});

describe('payment statuses in words (issue 21: "failed" was shown raw)', () => {
  it('every status has its Estonian label', async () => {
    const { PAYMENT_STATUSES } = await import('../../src/lib/enums');
    const { paymentStatusLabel } = await import('../../src/lib/labels');
    for (const status of PAYMENT_STATUSES) expect(paymentStatusLabel(status), status).not.toBe(status);
    expect(paymentStatusLabel('failed')).toBe('Makse ebaõnnestus');
  });
});

describe('month names inside a text are in lower case (issue 21)', () => {
  it.each([
    ['2027-01-14', 'jaanuar 2027'],
    ['2026-03-14', 'märts 2026'],
    ['2025-11-14', 'november 2025'],
  ])('the edition starting %s is "%s"', (start, label) => {
    expect(editionLabel(start)).toBe(label);
  });
  it('in the booking form\'s option after the dates', () => {
    expect(editionOptionLabel(publicEdition('jan-2027', '2027-01-14', '2027-01-24'))).toBe('14.-24.01.2027 (jaanuar 2027)');
  });
});
