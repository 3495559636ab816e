import { describe, expect, it } from 'vitest';
import { standardVatPercentOn, vatBreakdown } from '../../worker/domain/invoices/vat';

/** Issue 39: a VAT-registered seller's rate by the supply date, and the VAT taken out of prices that include it. */
describe('the standard VAT rate', () => {
  it('is the one in force on the supply date: 20 % to 2023, 22 % from 2024, 24 % from 1 July 2025', () => {
    expect(standardVatPercentOn('2023-12-31')).toBe(20);
    expect(standardVatPercentOn('2024-01-01')).toBe(22);
    expect(standardVatPercentOn('2025-06-30')).toBe(22);
    expect(standardVatPercentOn('2025-07-01')).toBe(24);
    expect(standardVatPercentOn('2027-05-14')).toBe(24);
  });
});

describe('the VAT breakdown of prices with VAT', () => {
  it('takes 24 % out of 1 299,00 € as 1 047,58 € and 251,42 €', () => {
    expect(vatBreakdown([129_900], 24)).toEqual({ percent: 24, netCents: 104_758, lineNetCents: [104_758], taxCents: 25_142 });
  });

  it('never changes the total, its lines add up to the net, and the VAT is the net × rate (a cent off only where no net gives the total)', () => {
    let inexact = 0;
    for (let gross = 0; gross <= 400_000; gross += 7) {
      for (const percent of [20, 22, 24]) {
        const b = vatBreakdown([gross - Math.floor(gross / 3), Math.floor(gross / 3)], percent);
        expect(b.netCents + b.taxCents).toBe(gross);
        expect(b.lineNetCents[0]! + b.lineNetCents[1]!).toBe(b.netCents);
        const product = Math.round((b.netCents * percent) / 100);
        expect(Math.abs(b.taxCents - product)).toBeLessThanOrEqual(1);
        if (b.taxCents !== product) inexact++;
      }
    }
    // Some totals fall between two nets' sums (a net one cent up adds 1.24 cents): there the VAT is the rest.
    expect(inexact).toBeGreaterThan(0);
  });

  it('of a credit note is the invoice’s negated, line by line', () => {
    for (const lines of [[129_900], [149_900, 149_900, -29_980], [4_550, 85_000, 129_900], [1, 2, 3]]) {
      const invoice = vatBreakdown(lines, 24);
      const credit = vatBreakdown(
        lines.map((c) => -c),
        24,
      );
      expect(credit.netCents).toBe(-invoice.netCents);
      expect(credit.taxCents).toBe(-invoice.taxCents);
      expect(credit.lineNetCents).toEqual(invoice.lineNetCents.map((c) => -c));
    }
  });

  it('keeps a discount line negative and puts the rounding’s rest on the largest line', () => {
    const b = vatBreakdown([149_900, 149_900, -29_980], 24);
    expect(b.lineNetCents[2]).toBeLessThan(0);
    expect(b.lineNetCents.reduce((s, c) => s + c, 0)).toBe(b.netCents);
    expect(b.netCents + b.taxCents).toBe(269_820);
  });
});
