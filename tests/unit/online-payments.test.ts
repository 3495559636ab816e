import { describe, expect, it } from 'vitest';
import { montonioFromEnv } from '../../worker/config';
import { toCents } from '../../worker/domain/payments/online/montonio';
import { amountDue, outcomeOf } from '../../worker/domain/payments/online/orders';
import { returnStateOf } from '../../src/lib/payment-return';

describe("Montonio's settings", () => {
  it('are off with none of the three, on with all three (the API address without its trailing slash)', () => {
    expect(montonioFromEnv({})).toBeNull();
    expect(montonioFromEnv({ MONTONIO_ACCESS_KEY: 'a', MONTONIO_SECRET_KEY: 's', MONTONIO_API_URL: 'https://example.test/api/' })).toEqual({ accessKey: 'a', secretKey: 's', apiUrl: 'https://example.test/api' });
  });

  it('refuse some but not all, and an address that is not a URL', () => {
    expect(() => montonioFromEnv({ MONTONIO_ACCESS_KEY: 'a' })).toThrow(/all of MONTONIO_ACCESS_KEY/);
    expect(() => montonioFromEnv({ MONTONIO_ACCESS_KEY: 'a', MONTONIO_SECRET_KEY: 's', MONTONIO_API_URL: 'sandbox' })).toThrow(/absolute URL/);
  });
});

describe('amounts', () => {
  it("reads Montonio's euros (a number or a decimal string) into exact cents, refusing fractions of a cent", () => {
    expect(toCents(300)).toBe(30000);
    expect(toCents(2194.5)).toBe(219450);
    expect(toCents('0.29')).toBe(29);
    expect(toCents('1299.00')).toBe(129900);
    for (const bad of [299.999, -1, '', 'x', null, undefined, Number.NaN]) expect(toCents(bad)).toBeNull();
  });

  it("is due next the first part with money open, and in all the sum of what is open", () => {
    const schedule = [{ outstandingCents: 0 }, { outstandingCents: 12000 }, { outstandingCents: 50000 }];
    expect(amountDue(schedule, 'next')).toBe(12000);
    expect(amountDue(schedule, 'rest')).toBe(62000);
    expect(amountDue([], 'next')).toBe(0);
  });

  it('tells the return page paid, pending, abandoned or failed', () => {
    expect(['created', 'pending', 'authorized', 'paid', 'abandoned', 'voided', 'refunded'].map((s) => outcomeOf(s as never))).toEqual(['pending', 'pending', 'pending', 'paid', 'abandoned', 'failed', 'paid']);
  });
});

describe("the return page's reading of the return endpoint", () => {
  it('takes an outcome and the booking, else the API\'s message; only a server error may be retried', () => {
    expect(returnStateOf(200, { outcome: 'paid', bookingId: 7 })).toEqual({ kind: 'done', outcome: 'paid', bookingId: 7 });
    expect(returnStateOf(200, { outcome: 'pending', bookingId: 7 })).toEqual({ kind: 'done', outcome: 'pending', bookingId: 7 });
    expect(returnStateOf(200, { outcome: 'refunded', bookingId: 7 })).toMatchObject({ kind: 'error', retry: false });
    expect(returnStateOf(400, { error: { code: 'payment_token_invalid', message: 'Vigane' } })).toEqual({ kind: 'error', message: 'Vigane', retry: false });
    expect(returnStateOf(502, null)).toEqual({ kind: 'error', message: 'Makse seisu ei õnnestunud kontrollida.', retry: true });
  });
});
