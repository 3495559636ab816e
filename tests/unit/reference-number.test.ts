import { describe, expect, it } from 'vitest';
import { bookingIdOfReference, bookingReferenceNumber, checkDigit731, isValidReferenceNumber } from '../../src/lib/reference-number';

describe('Estonian reference numbers (7-3-1)', () => {
  it('gives the check digits of the published examples', () => {
    // The Banking Association's example: base 123456 → 1234561.
    expect(checkDigit731('123456')).toBe(1);
    // Worked by hand: 5·7 + 4·3 + 3·1 + 2·7 + 1·3 = 67 → 3.
    expect(checkDigit731('12345')).toBe(3);
    // A sum that is a multiple of ten gives 0, not 10: 1·7 + 1·3 = 10.
    expect(checkDigit731('11')).toBe(0);
  });

  it("makes a booking's number from its id after a leading 1, and it validates", () => {
    expect(bookingReferenceNumber(1)).toBe(`11${checkDigit731('11')}`);
    // Base 1123456: 6·7 + 5·3 + 4·1 + 3·7 + 2·3 + 1·1 + 1·7 = 96 → 4.
    expect(bookingReferenceNumber(123456)).toBe('11234564');
    for (const id of [1, 9, 10, 99, 12_345, 2_147_483_647]) expect(isValidReferenceNumber(bookingReferenceNumber(id))).toBe(true);
  });

  it('refuses a number with a wrong check digit, a letter or the wrong length', () => {
    expect(isValidReferenceNumber('1234561')).toBe(true);
    expect(isValidReferenceNumber('1234 561')).toBe(true);
    expect(isValidReferenceNumber('1234562')).toBe(false);
    expect(isValidReferenceNumber('12a4561')).toBe(false);
    expect(isValidReferenceNumber('1')).toBe(false);
    expect(isValidReferenceNumber('1'.repeat(21))).toBe(false);
    // Every single-digit slip is caught.
    const good = bookingReferenceNumber(4711);
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(isValidReferenceNumber(good.slice(0, i) + d + good.slice(i + 1))).toBe(false);
      }
    }
  });

  it('refuses to make one from something that is not a booking id', () => {
    expect(() => bookingReferenceNumber(0)).toThrow();
    expect(() => bookingReferenceNumber(1.5)).toThrow();
    expect(() => checkDigit731('12-3')).toThrow();
  });
  it('reads the booking back from its number, and no booking from any other', () => {
    for (const id of [1, 7, 42, 1234, 987654321, 2 ** 40]) expect(bookingIdOfReference(bookingReferenceNumber(id))).toBe(id);
    expect(bookingIdOfReference(` ${bookingReferenceNumber(58)} `.replace('5', '5 '))).toBe(58);
    // Any valid number of the shape names an id (whether that booking exists, the database says)…
    expect(bookingIdOfReference('121312952')).toBe(2131295);
    // …and valid 7-3-1 numbers of another shape name none: no leading 1, or a zero after it.
    expect(bookingIdOfReference('88476148')).toBeNull();
    expect(bookingIdOfReference('10000000000237147645')).toBeNull();
    // One of ours with a wrong check digit, and letters.
    const ours = bookingReferenceNumber(58);
    expect(bookingIdOfReference(ours.slice(0, -1) + String((Number(ours.at(-1)) + 1) % 10))).toBeNull();
    expect(bookingIdOfReference('RF18539007547034')).toBeNull();
  });
});

